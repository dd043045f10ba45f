// cdma-capture: trains a ReLU CNN on Fashion-MNIST with libtorch and, at
// checkpoints through training, saves every layer's activation maps for a
// fixed probe batch as .npy files with a JSON manifest (docs/results.md,
// "Capture"). Seeded and reproducible for a given thread count.
#include <fmt/format.h>
#include <torch/torch.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <deque>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "cli/io.hpp"
#include "idx.hpp"
#include "npy.hpp"
#include "zvc/zvc.hpp"

namespace fs = std::filesystem;
namespace nn = torch::nn;
using nlohmann::json;

namespace {

// One saved activation map: what produced it and what consumes it (Gist's
// encodings depend on the consumer: a ReLU feeding a max-pool needs only its
// sign pattern in the backward pass).
struct Activation {
  std::string name;
  std::string kind;      // relu | maxpool | avgpool
  std::string consumer;  // conv | maxpool | avgpool | linear
  torch::Tensor value;
};

using Clock = std::chrono::steady_clock;
// A captured map in a profiled pass: when the forward pass computed it and
// when the backward pass finished its gradient.
struct Mark {
  std::string name;
  torch::Tensor value;
  Clock::time_point fwd, bwd;
};

// What a forward pass reports at each captured map: a probe keeps a copy of
// every map, a profile stamps times (and hooks the map's gradient).
struct Recorder {
  bool profile = false;
  std::vector<Activation> maps;
  std::deque<Mark> marks;  // stable addresses for the gradient hooks
};

void record(Recorder* r, std::string name, std::string kind, std::string consumer,
            const torch::Tensor& t) {
  if (r == nullptr) return;
  if (!r->profile) {
    r->maps.push_back({std::move(name), std::move(kind), std::move(consumer), t.detach().clone()});
    return;
  }
  Mark* m = &r->marks.emplace_back(Mark{std::move(name), t, Clock::now(), {}});
  t.register_hook([m](const torch::Tensor&) { m->bwd = Clock::now(); });
}

struct Net : nn::Module {
  virtual torch::Tensor forward(torch::Tensor x, Recorder* rec) = 0;
};

nn::Conv2dOptions conv3x3(int64_t in, int64_t out, int64_t stride = 1) {
  return nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false);
}

// LeNet-5 (padded first convolution, max-pooling, ReLU).
struct LeNet : Net {
  nn::Conv2d conv1{nn::Conv2dOptions(1, 6, 5).padding(2)}, conv2{nn::Conv2dOptions(6, 16, 5)};
  nn::Linear fc1{16 * 5 * 5, 120}, fc2{120, 84}, fc3{84, 10};
  LeNet() {
    register_module("conv1", conv1);
    register_module("conv2", conv2);
    register_module("fc1", fc1);
    register_module("fc2", fc2);
    register_module("fc3", fc3);
  }
  torch::Tensor forward(torch::Tensor x, Recorder* rec) override {
    x = torch::relu(conv1(x));
    record(rec, "conv1.relu", "relu", "maxpool", x);
    x = torch::max_pool2d(x, 2);
    record(rec, "pool1", "maxpool", "conv", x);
    x = torch::relu(conv2(x));
    record(rec, "conv2.relu", "relu", "maxpool", x);
    x = torch::max_pool2d(x, 2);
    record(rec, "pool2", "maxpool", "linear", x);
    x = torch::relu(fc1(x.flatten(1)));
    record(rec, "fc1.relu", "relu", "linear", x);
    x = torch::relu(fc2(x));
    record(rec, "fc2.relu", "relu", "linear", x);
    return fc3(x);
  }
};

// VGG-style: stages of 3x3 convolutions, each stage ending in a max-pool,
// then one hidden fully connected layer. `vgg`: three stages of two
// convolutions (32, 64, 128 channels), a 256-unit hidden layer, no
// BatchNorm. `vgg16`: the VGG-16 shape (2, 2, 3, 3, 3 convolutions) at half
// width (32 to 256 channels) with BatchNorm, a 256-unit hidden layer.
struct Stage {
  int64_t width, convs;
};
struct Vgg : Net {
  std::vector<Stage> stages;
  bool batch_norm;
  std::vector<nn::Conv2d> convs;
  std::vector<nn::BatchNorm2d> bns;
  nn::Linear fc1{nullptr}, fc2{nullptr};
  Vgg(std::vector<Stage> shape, bool bn, int64_t image, int64_t hidden)
      : stages(std::move(shape)), batch_norm(bn) {
    // The classifier first: its weights take the first random numbers.
    const int64_t side = image >> stages.size();
    fc1 = register_module("fc1", nn::Linear(stages.back().width * side * side, hidden));
    fc2 = register_module("fc2", nn::Linear(hidden, 10));
    int64_t in = 1;
    for (std::size_t s = 0; s < stages.size(); ++s) {
      for (int64_t c = 0; c < stages[s].convs; ++c) {
        const auto name = fmt::format("s{}c{}", s + 1, c + 1);
        convs.push_back(register_module(
            name, nn::Conv2d(nn::Conv2dOptions(in, stages[s].width, 3).padding(1).bias(!bn))));
        if (bn) bns.push_back(register_module(name + "_bn", nn::BatchNorm2d(stages[s].width)));
        in = stages[s].width;
      }
    }
  }
  torch::Tensor forward(torch::Tensor x, Recorder* rec) override {
    std::size_t k = 0;
    for (std::size_t s = 0; s < stages.size(); ++s) {
      for (int64_t c = 0; c < stages[s].convs; ++c, ++k) {
        x = convs[k](x);
        if (batch_norm) x = bns[k](x);
        x = torch::relu(x);
        record(rec, fmt::format("s{}c{}.relu", s + 1, c + 1), "relu",
               c + 1 < stages[s].convs ? "conv" : "maxpool", x);
      }
      x = torch::max_pool2d(x, 2);
      record(rec, fmt::format("s{}.pool", s + 1), "maxpool",
             s + 1 < stages.size() ? "conv" : "linear", x);
    }
    x = torch::relu(fc1(x.flatten(1)));
    record(rec, "fc1.relu", "relu", "linear", x);
    return fc2(x);
  }
};

// ResNets of basic blocks, BatchNorm everywhere, global average pooling.
// `resnet`: the CIFAR ResNet-8 shape, a 16-channel stem and one block per
// stage at 16, 32 and 64 channels. `resnet18`: the ResNet-18 shape (two
// blocks per stage, four stages) at half width, 32 to 256 channels.
struct BasicBlock : nn::Module {
  nn::Conv2d conv1{nullptr}, conv2{nullptr}, proj{nullptr};
  nn::BatchNorm2d bn1{nullptr}, bn2{nullptr}, proj_bn{nullptr};
  BasicBlock(int64_t in, int64_t out, int64_t stride) {
    conv1 = register_module("conv1", nn::Conv2d(conv3x3(in, out, stride)));
    bn1 = register_module("bn1", nn::BatchNorm2d(out));
    conv2 = register_module("conv2", nn::Conv2d(conv3x3(out, out)));
    bn2 = register_module("bn2", nn::BatchNorm2d(out));
    if (stride != 1 || in != out) {
      proj = register_module("proj",
                             nn::Conv2d(nn::Conv2dOptions(in, out, 1).stride(stride).bias(false)));
      proj_bn = register_module("proj_bn", nn::BatchNorm2d(out));
    }
  }
  torch::Tensor forward(torch::Tensor x, Recorder* rec, const std::string& name,
                        const std::string& consumer) {
    auto y = torch::relu(bn1(conv1(x)));
    record(rec, name + ".relu1", "relu", "conv", y);
    y = bn2(conv2(y)) + (proj ? proj_bn(proj(x)) : x);
    y = torch::relu(y);
    record(rec, name + ".relu2", "relu", consumer, y);
    return y;
  }
};

struct ResNet : Net {
  nn::Conv2d stem{nullptr};
  nn::BatchNorm2d stem_bn{nullptr};
  std::vector<std::shared_ptr<BasicBlock>> blocks;
  std::vector<std::string> names;
  nn::Linear fc{nullptr};
  ResNet(int64_t stem_width, const std::vector<int64_t>& widths, int per_stage) {
    // Stem and classifier first: their weights take the first random numbers.
    stem = register_module("stem", nn::Conv2d(conv3x3(1, stem_width)));
    stem_bn = register_module("stem_bn", nn::BatchNorm2d(stem_width));
    fc = register_module("fc", nn::Linear(widths.back(), 10));
    int64_t in = stem_width;
    for (std::size_t s = 0; s < widths.size(); ++s) {
      for (int b = 0; b < per_stage; ++b) {
        names.push_back(per_stage == 1 ? fmt::format("layer{}", s + 1)
                                       : fmt::format("layer{}.{}", s + 1, b + 1));
        std::string module = names.back();  // libtorch's module names have no dots
        std::replace(module.begin(), module.end(), '.', '_');
        blocks.push_back(register_module(
            module, std::make_shared<BasicBlock>(in, widths[s], s > 0 && b == 0 ? 2 : 1)));
        in = widths[s];
      }
    }
  }
  torch::Tensor forward(torch::Tensor x, Recorder* rec) override {
    x = torch::relu(stem_bn(stem(x)));
    record(rec, "stem.relu", "relu", "conv", x);
    for (std::size_t b = 0; b < blocks.size(); ++b)
      x = blocks[b]->forward(x, rec, names[b], b + 1 < blocks.size() ? "conv" : "avgpool");
    x = torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1);
    record(rec, "avgpool", "avgpool", "linear", x);
    return fc(x);
  }
};

// The networks of --net; lenet and vgg take 28x28 images only.
std::shared_ptr<Net> make_net(const std::string& name, int64_t image) {
  if ((name == "lenet" || name == "vgg") && image != 28)
    throw zvc::Error(fmt::format("--net {} takes 28x28 images (--size 28)", name));
  if (name == "lenet") return std::make_shared<LeNet>();
  if (name == "vgg")
    return std::make_shared<Vgg>(std::vector<Stage>{{32, 2}, {64, 2}, {128, 2}}, false, image, 256);
  if (name == "vgg16")
    return std::make_shared<Vgg>(std::vector<Stage>{{32, 2}, {64, 2}, {128, 3}, {256, 3}, {256, 3}},
                                 true, image, 256);
  if (name == "resnet18")
    return std::make_shared<ResNet>(32, std::vector<int64_t>{32, 64, 128, 256}, 2);
  return std::make_shared<ResNet>(16, std::vector<int64_t>{16, 32, 64}, 1);
}

struct Dataset {
  torch::Tensor images;  // [N, 1, size, size] float, normalized
  torch::Tensor labels;  // [N] int64
};

// The images scaled bilinearly to size x size when size is not 28.
Dataset load(const fs::path& dir, const std::string& split, std::int64_t limit, std::int64_t size) {
  const auto img = cdma::idx::read_u8(dir / (split + "-images-idx3-ubyte.gz"));
  const auto lab = cdma::idx::read_u8(dir / (split + "-labels-idx1-ubyte.gz"));
  if (img.shape.size() != 3 || lab.shape.size() != 1 || img.shape[0] != lab.shape[0])
    throw zvc::Error(fmt::format("{}: image and label files do not match", dir.string()));
  const auto n = std::min<std::int64_t>(img.shape[0], limit > 0 ? limit : img.shape[0]);
  const auto h = static_cast<std::int64_t>(img.shape[1]),
             w = static_cast<std::int64_t>(img.shape[2]);
  auto images =
      torch::from_blob(const_cast<std::uint8_t*>(img.data.data()), {n, 1, h, w}, torch::kUInt8)
          .to(torch::kFloat32)
          .div(255.0)
          .sub(0.2860)
          .div(0.3530);
  auto labels = torch::from_blob(const_cast<std::uint8_t*>(lab.data.data()), {n}, torch::kUInt8)
                    .to(torch::kInt64);
  if (size != h)
    images =
        torch::nn::functional::interpolate(images, torch::nn::functional::InterpolateFuncOptions()
                                                       .size(std::vector<int64_t>{size, size})
                                                       .mode(torch::kBilinear)
                                                       .align_corners(false));
  return {images, labels};
}

class Progress {
 public:
  Progress(std::string label, std::int64_t total)
      : label_(std::move(label)), total_(total), tty_(isatty(STDERR_FILENO) != 0) {}
  void update(std::int64_t done, double loss) {
    const int pct = static_cast<int>(100 * done / std::max<std::int64_t>(total_, 1));
    if (pct == last_pct_ || (!tty_ && pct % 10 != 0)) return;
    last_pct_ = pct;
    const int width = 30, filled = pct * width / 100;
    fmt::print(stderr, "{}{} [{}{}] {:3}% loss {:.4f}{}", tty_ ? "\r" : "", label_,
               std::string(static_cast<std::size_t>(filled), '#'),
               std::string(static_cast<std::size_t>(width - filled), '.'), pct, loss,
               tty_ ? "" : "\n");
  }
  void done() {
    if (tty_) fmt::print(stderr, "\n");
  }

 private:
  std::string label_;
  std::int64_t total_;
  bool tty_;
  int last_pct_ = -1;
};

double test_accuracy(Net& net, const Dataset& test, std::int64_t batch) {
  torch::NoGradGuard no_grad;
  net.eval();
  std::int64_t correct = 0;
  const auto n = test.images.size(0);
  for (std::int64_t i = 0; i < n; i += batch) {
    const auto end = std::min(n, i + batch);
    auto pred = net.forward(test.images.slice(0, i, end), nullptr).argmax(1);
    correct += pred.eq(test.labels.slice(0, i, end)).sum().item<std::int64_t>();
  }
  net.train();
  return static_cast<double>(correct) / static_cast<double>(n);
}

// The activations the backward pass would store for the probe batch: a
// training-mode forward (BatchNorm on batch statistics), with BatchNorm's
// running statistics restored afterwards so that probing does not change
// training.
Recorder probe(Net& net, const torch::Tensor& batch) {
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> saved;
  for (const auto& b : net.buffers()) saved.push_back(b.clone());
  Recorder rec;
  net.forward(batch, &rec);
  auto buffers = net.buffers();
  for (std::size_t i = 0; i < buffers.size(); ++i) buffers[i].copy_(saved[i]);
  return rec;
}

json save_checkpoint(const Recorder& rec, const fs::path& out, const std::string& id) {
  fs::create_directories(out / id);
  json files = json::object();
  for (const auto& a : rec.maps) {
    const auto t = a.value.contiguous();
    const std::vector<std::int64_t> shape(t.sizes().begin(), t.sizes().end());
    const std::string file = fmt::format("{}/{}.npy", id, a.name);
    cdma::npy::write_f32(
        out / file, shape,
        std::span<const float>(t.data_ptr<float>(), static_cast<std::size_t>(t.numel())));
    files[a.name] = file;
  }
  return files;
}

double ms(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Per-layer compute times for cdma-vdnn: forward and backward passes of one
// training batch, each cut at the captured maps. A layer is the computation
// from one captured map (or the input images) to the next (or the loss); its
// input map is what vDNN offloads. Median of `repeats` passes after two
// warm-ups. Writes a cdma-vdnn network file; the ratios are the maps' at
// this point of training.
json profile(Net& net, const std::string& name, const torch::Tensor& x, const torch::Tensor& y,
             int repeats, int threads) {
  std::vector<std::vector<double>> fwd, bwd;
  std::vector<torch::Tensor> inputs;
  std::vector<std::string> names;
  for (int r = -2; r < repeats; ++r) {
    Recorder rec;
    rec.profile = true;
    net.zero_grad();
    const auto t0 = Clock::now();
    auto loss = torch::nn::functional::cross_entropy(net.forward(x, &rec), y);
    const auto t_loss = Clock::now();
    loss.backward();
    const auto t_end = Clock::now();
    // Boundaries in forward order: the input, each map, the loss.
    std::vector<Clock::time_point> f = {t0}, b = {t_end};
    for (const auto& m : rec.marks) {
      if (m.bwd == Clock::time_point{})
        throw zvc::Error(fmt::format("profile: no gradient reached {}", m.name));
      f.push_back(m.fwd);
      b.push_back(m.bwd);
    }
    f.push_back(t_loss);
    b.push_back(t_loss);
    const std::size_t layers = rec.marks.size() + 1;
    if (r < 0) {
      fwd.assign(layers, {});
      bwd.assign(layers, {});
      inputs = {x};
      names.clear();
      for (const auto& m : rec.marks) {
        inputs.push_back(m.value.detach());
        names.push_back(m.name);
      }
      names.push_back("classifier");
      continue;
    }
    for (std::size_t s = 0; s < layers; ++s) {
      fwd[s].push_back(ms(f[s + 1] - f[s]));
      bwd[s].push_back(ms(b[s] - b[s + 1]));
    }
  }
  json layers = json::array();
  for (std::size_t s = 0; s < names.size(); ++s) {
    const auto t = inputs[s].contiguous();
    const zvc::ByteView raw(reinterpret_cast<const std::uint8_t*>(t.data_ptr<float>()),
                            static_cast<std::size_t>(t.numel()) * 4);
    layers.push_back(
        {{"name", names[s]},
         {"input", s == 0 ? std::string("images") : names[s - 1]},
         {"input_shape", std::vector<std::int64_t>(t.sizes().begin(), t.sizes().end())},
         {"fwd_ms", median(fwd[s])},
         {"bwd_ms", median(bwd[s])},
         {"offload_bytes", raw.size()},
         {"ratio",
          static_cast<double>(raw.size()) / static_cast<double>(zvc::compress(raw, 4).size())}});
  }
  return {{"format", "cdma-profile 1"},
          {"name", name},
          {"measured",
           fmt::format("libtorch {} on this machine's CPU, {} thread(s), batch {}, median of {} "
                       "passes; ratios at initialization",
                       TORCH_VERSION, threads, x.size(0), repeats)},
          {"layers", layers}};
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Train a ReLU CNN on Fashion-MNIST and capture its activation maps"};
  std::string net_name = "lenet";
  fs::path data_dir = "/usr/share/datasets/fashion-mnist";
  fs::path out;
  int epochs = 1;
  std::int64_t batch = 64, probe_images = 32, train_limit = 0, test_limit = 0;
  double lr = 0.02, momentum = 0.9, weight_decay = 5e-4;
  std::uint64_t seed = 1;
  int threads = 2;
  std::int64_t size = 28;
  app.add_option("--net", net_name, "Network")
      ->check(CLI::IsMember({"lenet", "vgg", "resnet", "vgg16", "resnet18"}));
  app.add_option("--size", size, "Image side: 28, or scaled up (vgg16, resnet18, resnet)")
      ->check(CLI::Range(28, 256));
  app.add_option("--data", data_dir, "Folder with the Fashion-MNIST .gz files")
      ->check(CLI::ExistingDirectory);
  fs::path profile_out;
  int repeats = 10;
  auto* out_opt =
      app.add_option("--out", out, "Output folder (manifest.json and one folder per checkpoint)");
  app.add_option("--profile", profile_out,
                 "Instead of training: time each layer's forward and backward pass on one "
                 "--batch at initialization and write a cdma-vdnn network file")
      ->excludes(out_opt);
  app.add_option("--repeats", repeats, "Timed passes of --profile (the median is kept)")
      ->check(CLI::Range(1, 1000));
  app.add_option("--epochs", epochs)->check(CLI::Range(1, 1000));
  app.add_option("--batch", batch, "Training batch size")->check(CLI::Range(1, 4096));
  app.add_option("--probe", probe_images,
                 "Images in the fixed probe batch (the first training images)")
      ->check(CLI::Range(1, 4096));
  app.add_option("--lr", lr)->check(CLI::PositiveNumber);
  app.add_option("--momentum", momentum)->check(CLI::Range(0.0, 1.0));
  app.add_option("--weight-decay", weight_decay)->check(CLI::NonNegativeNumber);
  app.add_option("--train-limit", train_limit, "Use only the first N training images (0: all)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--test-limit", test_limit, "Use only the first N test images (0: all)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--seed", seed);
  app.add_option("--threads", threads,
                 "Intra-op threads (results are reproducible per thread count)")
      ->check(CLI::Range(1, 256));
  CLI11_PARSE(app, argc, argv);
  if (out.empty() && profile_out.empty()) {
    fmt::print(stderr, "cdma-capture: error: give --out (capture) or --profile (timing)\n");
    return 1;
  }

  try {
    torch::set_num_threads(threads);
    torch::manual_seed(seed);
    if (!profile_out.empty()) {
      const Dataset train = load(data_dir, "train", batch, size);
      auto net = make_net(net_name, size);
      net->train();
      const auto p = profile(*net, net_name, train.images, train.labels, repeats, threads);
      zvc::cli::write_file(profile_out.string(), p.dump(1) + "\n");
      double f = 0, b = 0;
      for (const auto& l : p.at("layers")) {
        f += l.at("fwd_ms").get<double>();
        b += l.at("bwd_ms").get<double>();
      }
      fmt::print("{}: {} layers, forward {:.2f} ms, backward {:.2f} ms per batch of {}\n",
                 profile_out.string(), p.at("layers").size(), f, b, train.images.size(0));
      return 0;
    }
    const auto t_start = std::chrono::steady_clock::now();
    auto net = make_net(net_name, size);
    const Dataset train = load(data_dir, "train", train_limit, size);
    const Dataset test = load(data_dir, "t10k", test_limit, size);
    if (probe_images > train.images.size(0))
      throw zvc::Error(fmt::format("--probe {} exceeds the {} training images", probe_images,
                                   train.images.size(0)));
    const auto probe_batch = train.images.slice(0, 0, probe_images);

    net->train();
    torch::optim::SGD opt(
        net->parameters(),
        torch::optim::SGDOptions(lr).momentum(momentum).weight_decay(weight_decay));

    const std::int64_t n = train.images.size(0);
    const std::int64_t per_epoch = (n + batch - 1) / batch;
    const std::int64_t total = per_epoch * epochs;
    std::set<std::int64_t> when = {0, total / 100, total / 10, total / 2};
    for (int e = 1; e <= epochs; ++e) when.insert(e * per_epoch);

    json manifest = {{"format", "cdma-capture 1"},
                     {"net", net_name},
                     {"dataset", "fashion-mnist"},
                     {"image_size", size},
                     {"seed", seed},
                     {"threads", threads},
                     {"epochs", epochs},
                     {"batch", batch},
                     {"lr", lr},
                     {"momentum", momentum},
                     {"weight_decay", weight_decay},
                     {"train_images", n},
                     {"test_images", test.images.size(0)},
                     {"iterations", total},
                     {"probe", {{"source", "train"}, {"images", probe_images}}},
                     {"torch", TORCH_VERSION}};
    json checkpoints = json::array(), epoch_log = json::array(), layers = json::array();
    std::mt19937_64 shuffle_rng(seed);
    torch::Tensor order;
    double running_loss = 0, epoch_loss = 0;
    std::int64_t epoch_batches = 0;
    Progress bar(fmt::format("{} {} epoch(s)", net_name, epochs), total);
    for (std::int64_t it = 0;; ++it) {
      if (when.count(it)) {
        const auto rec = probe(*net, probe_batch);
        const std::string id = fmt::format("it{:06}", it);
        json ck = {{"id", id},
                   {"iteration", it},
                   {"epoch", static_cast<double>(it) / static_cast<double>(per_epoch)},
                   {"files", save_checkpoint(rec, out, id)}};
        if (it > 0) ck["train_loss"] = running_loss;
        if (layers.empty()) {
          for (const auto& a : rec.maps)
            layers.push_back({{"name", a.name},
                              {"kind", a.kind},
                              {"consumer", a.consumer},
                              {"shape", std::vector<std::int64_t>(a.value.sizes().begin(),
                                                                  a.value.sizes().end())}});
        }
        checkpoints.push_back(ck);
      }
      if (it == total) break;
      const std::int64_t pos = it % per_epoch;
      if (pos == 0) {
        std::vector<std::int64_t> perm(static_cast<std::size_t>(n));
        std::iota(perm.begin(), perm.end(), 0);
        std::shuffle(perm.begin(), perm.end(), shuffle_rng);
        order = torch::tensor(perm, torch::kInt64);
      }
      const auto idx = order.slice(0, pos * batch, std::min(n, (pos + 1) * batch));
      opt.zero_grad();
      auto loss = torch::nn::functional::cross_entropy(
          net->forward(train.images.index_select(0, idx), nullptr),
          train.labels.index_select(0, idx));
      loss.backward();
      opt.step();
      const double l = loss.item<double>();
      if (!std::isfinite(l)) throw zvc::Error(fmt::format("training diverged at iteration {}", it));
      running_loss = it == 0 ? l : 0.98 * running_loss + 0.02 * l;
      epoch_loss += l;
      ++epoch_batches;
      bar.update(it + 1, running_loss);
      if (pos + 1 == per_epoch) {
        const double acc = test_accuracy(*net, test, 256);
        const double secs =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
        epoch_log.push_back({{"epoch", (it + 1) / per_epoch},
                             {"train_loss", epoch_loss / static_cast<double>(epoch_batches)},
                             {"test_accuracy", acc},
                             {"seconds", secs}});
        bar.done();
        fmt::print(stderr, "epoch {}: train loss {:.4f}, test accuracy {:.2f} % ({:.0f} s)\n",
                   (it + 1) / per_epoch, epoch_loss / static_cast<double>(epoch_batches), 100 * acc,
                   secs);
        epoch_loss = 0;
        epoch_batches = 0;
      }
    }
    manifest["layers"] = layers;
    manifest["checkpoints"] = checkpoints;
    manifest["epoch_log"] = epoch_log;
    manifest["test_accuracy"] = epoch_log.back()["test_accuracy"];
    const std::string text = manifest.dump(1) + "\n";
    zvc::cli::write_file((out / "manifest.json").string(), text);
    fmt::print("{}: {} checkpoints x {} layers, test accuracy {:.2f} %\n",
               (out / "manifest.json").string(), checkpoints.size(), layers.size(),
               100 * manifest["test_accuracy"].get<double>());
  } catch (const c10::Error& e) {
    fmt::print(stderr, "cdma-capture: error: {}\n", e.what_without_backtrace());
    return 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "cdma-capture: error: {}\n", e.what());
    return 1;
  }
  return 0;
}
