#!/usr/bin/env python3
"""Writes the network files of the training-time model (cdma-vdnn) into
workloads/networks from the compression study and the per-layer profiles.

usage: workloads/vdnn_networks.py STUDY_JSON PROFILE_DIR OUT_DIR

- NET-cpu.json for each captured network (lenet, vgg, resnet): per-layer
  forward and backward times measured with libtorch on this machine
  (PROFILE_DIR/NET.json, written by `cdma-capture --profile`), each input
  map's ZVC ratio from the study's final checkpoint (the images' ratio as
  profiled).
- NET-GPU.json for the ImageNet-shaped networks (alexnet, vgg16, resnet50 at
  224x224) on each GPU of GPUS: times from a roofline, not measured; each
  map's ratio from the captured maps of the same kind at the same relative
  depth, not measured on ImageNet. docs/results.md states the assumptions.
"""
import json
import pathlib
import sys

# name: (short name, label, fp32 or TF32 peak TFLOP/s used for convolutions
# and matrix products, DRAM GB/s). Titan X (Maxwell) is the cDMA paper's GPU.
# workloads/vdnn_report.py reads the names and DRAM bandwidths from here.
GPUS = {
    "titanx": ("Titan X", "Titan X (Maxwell), 6.1 TFLOP/s fp32, 336 GB/s", 6.1, 336),
    "a100": ("A100", "A100 SXM 40 GB, 156 TFLOP/s TF32, 1555 GB/s", 156, 1555),
    "h100": ("H100", "H100 SXM, 495 TFLOP/s TF32 (dense), 3350 GB/s", 495, 3350),
}
COMPUTE_EFFICIENCY = 0.5  # of peak, for convolutions and fully connected layers
MEMORY_EFFICIENCY = 0.8  # of DRAM bandwidth, for pooling
BATCH = {"alexnet": 256, "vgg16": 64, "resnet50": 64}
DENSE_RATIO = 32 / 33  # ZVC on a map without zeros: one mask bit per element


class Shape:
    """Builds an ImageNet network as vDNN's layers: each layer's input map,
    FLOPs and map bytes for one image, and weight bytes."""

    def __init__(self, c, h, w):
        self.c, self.h, self.w = c, h, w
        self.kind = "images"
        self.layers = []

    def _add(self, name, flops, weight_bytes, out):
        elems_in = self.c * self.h * self.w
        c, h, w, kind = out
        self.layers.append({"name": name, "input_kind": self.kind, "input_elems": elems_in,
                            "flops": flops, "bytes": 4 * (elems_in + c * h * w),
                            "weight_bytes": weight_bytes})
        self.c, self.h, self.w, self.kind = c, h, w, kind

    def conv(self, name, out, k, stride=1, pad=None, relu=True):
        pad = k // 2 if pad is None else pad
        h = (self.h + 2 * pad - k) // stride + 1
        w = (self.w + 2 * pad - k) // stride + 1
        self._add(name, 2 * out * h * w * self.c * k * k, 4 * out * self.c * k * k,
                  (out, h, w, "relu" if relu else "conv"))

    def pool(self, name, k, stride, kind="maxpool", pad=0):
        h = (self.h + 2 * pad - k) // stride + 1
        w = (self.w + 2 * pad - k) // stride + 1
        self._add(name, 0, 0, (self.c, h, w, kind))

    def fc(self, name, out, relu=True):
        n = self.c * self.h * self.w
        self._add(name, 2 * n * out, 4 * n * out, (out, 1, 1, "relu" if relu else "fc"))

    def classifier(self):
        """AlexNet's and VGG's three fully connected layers; the layers."""
        self.fc("fc6", 4096)
        self.fc("fc7", 4096)
        self.fc("fc8", 1000, relu=False)
        return self.layers


def alexnet():
    s = Shape(3, 227, 227)
    s.conv("conv1", 96, 11, 4, 0)
    s.pool("pool1", 3, 2)
    s.conv("conv2", 256, 5)
    s.pool("pool2", 3, 2)
    s.conv("conv3", 384, 3)
    s.conv("conv4", 384, 3)
    s.conv("conv5", 256, 3)
    s.pool("pool5", 3, 2)
    return s.classifier()


def vgg16():
    s = Shape(3, 224, 224)
    for stage, (width, convs) in enumerate(((64, 2), (128, 2), (256, 3), (512, 3), (512, 3))):
        for i in range(convs):
            s.conv(f"conv{stage + 1}_{i + 1}", width, 3)
        s.pool(f"pool{stage + 1}", 2, 2)
    return s.classifier()


def resnet50():
    s = Shape(3, 224, 224)
    s.conv("conv1", 64, 7, 2, 3)
    s.pool("pool1", 3, 2, pad=1)
    for stage, (width, blocks) in enumerate(((64, 3), (128, 4), (256, 6), (512, 3))):
        for b in range(blocks):
            stride = 2 if stage > 0 and b == 0 else 1
            n = f"res{stage + 2}{chr(ord('a') + b)}"
            # The block's 1x1 projection (first block of a stage) reads the
            # same input map as its first convolution: counted in its FLOPs.
            proj = 2 * 4 * width * s.c * (s.h // stride) * (s.w // stride) if b == 0 else 0
            s.conv(f"{n}.1", width, 1)
            s.layers[-1]["flops"] += proj
            s.conv(f"{n}.2", width, 3, stride)
            s.conv(f"{n}.3", 4 * width, 1)
    s.pool("avgpool", 7, 1, kind="avgpool")
    s.fc("fc", 1000, relu=False)
    return s.layers


IMAGENET = {"alexnet": alexnet, "vgg16": vgg16, "resnet50": resnet50}


def ratio_curves(study):
    """For each map kind: per captured network, (relative depth, ZVC ratio)
    of its maps of that kind at the final checkpoint."""
    curves = {}
    for capture in study:
        layers = capture["checkpoints"][-1]["layers"]
        for i, layer in enumerate(layers):
            depth = i / max(1, len(layers) - 1)
            curves.setdefault(layer["kind"], {}).setdefault(capture["net"], []).append(
                (depth, layer["ratio"]["zvc_fp32"]))
    return curves


def interpolate(points, depth):
    if depth <= points[0][0]:
        return points[0][1]
    for (d0, r0), (d1, r1) in zip(points, points[1:]):
        if depth <= d1:
            return r0 + (r1 - r0) * (depth - d0) / (d1 - d0)
    return points[-1][1]


def borrowed_ratio(curves, kind, depth):
    """The mean over captured networks of their ratio at this relative depth,
    from maps of the same kind (a ReLU map for a convolution's output)."""
    if kind == "images":
        return DENSE_RATIO
    kind = {"conv": "relu", "fc": "relu"}.get(kind, kind)
    nets = curves.get(kind) or curves["relu"]
    return sum(interpolate(p, depth) for p in nets.values()) / len(nets)


def imagenet_network(net, gpu, curves):
    _, label, tflops, gbps = GPUS[gpu]
    batch = BATCH[net]
    layers = IMAGENET[net]()
    out = []
    for i, layer in enumerate(layers):
        flops = batch * layer["flops"]
        nbytes = batch * layer["bytes"] + layer["weight_bytes"]
        fwd = max(flops / (COMPUTE_EFFICIENCY * tflops * 1e9),
                  nbytes / (MEMORY_EFFICIENCY * gbps * 1e6))
        # Backward: gradients for the input and the weights, twice the
        # forward work; the first layer needs no input gradient.
        bwd = fwd * (1 if i == 0 else 2)
        depth = i / max(1, len(layers) - 1)
        out.append({"name": layer["name"], "fwd_ms": fwd, "bwd_ms": bwd,
                    "offload_bytes": 4 * batch * layer["input_elems"],
                    "ratio": borrowed_ratio(curves, layer["input_kind"], depth),
                    "input_kind": layer["input_kind"]})
    return {"name": f"{net} on {gpu}", "gpu": label, "batch": batch,
            "measured": ("nothing: times from a roofline (max of FLOPs at "
                         f"{COMPUTE_EFFICIENCY:.0%} of peak and bytes at "
                         f"{MEMORY_EFFICIENCY:.0%} of DRAM bandwidth, backward twice forward), "
                         "ratios of Fashion-MNIST maps of the same kind and relative depth"),
            "layers": out}


def measured_network(profile, study):
    final = {l["name"]: l["ratio"]["zvc_fp32"] for l in study["checkpoints"][-1]["layers"]}
    net = dict(profile)
    net.pop("format", None)
    net["name"] = f"{profile['name']} (CPU, measured)"
    net["layers"] = [dict(l, ratio=final.get(l["input"], l["ratio"])) for l in profile["layers"]]
    net["measured"] += "; ratios replaced by the final checkpoint's (study.json)"
    return net


def main(study_json, profile_dir, out_dir):
    study = json.loads(pathlib.Path(study_json).read_text())
    out = pathlib.Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for capture in study:
        profile = pathlib.Path(profile_dir) / f"{capture['net']}.json"
        net = measured_network(json.loads(profile.read_text()), capture)
        (out / f"{capture['net']}-cpu.json").write_text(json.dumps(net, indent=1) + "\n")
    curves = ratio_curves(study)
    for net in IMAGENET:
        for gpu in GPUS:
            (out / f"{net}-{gpu}.json").write_text(
                json.dumps(imagenet_network(net, gpu, curves), indent=1) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
