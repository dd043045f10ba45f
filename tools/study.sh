#!/usr/bin/env bash
# Regenerates the compression study on real activations and the shipped
# sample: trains the three CNNs on Fashion-MNIST with libtorch (captures in
# build/capture/NET, reused unless --fresh), runs cdma-study, splices its
# tables into docs/results.md (its summary into README.md), draws its figures
# into docs/figures (workloads/figures.py) and writes
# data/sample; then times each network's layers (cdma-capture --profile),
# writes the training-time model's network files (workloads/networks) and
# runs tools/vdnn.sh. About two hours on 2 cores from scratch (vgg16 and
# resnet18 train at 64x64, about 30 and 60 minutes), minutes when the
# captures are reused (a capture is redone when its epochs or image size
# differ from the run's).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
fresh=0
[ "${1:-}" = "--fresh" ] && fresh=1
tools/deps.sh core torch
cmake --preset default -DCDMA_WORKLOADS=ON >/dev/null
cmake --build --preset default --target cdma-capture cdma-study cdma-vdnn
# net, epochs, learning rate, image side: the settings docs/results.md reports.
runs=("lenet 5 0.02 28" "resnet 3 0.05 28" "vgg 2 0.01 28" "vgg16 1 0.02 64" "resnet18 1 0.05 64")
# A capture is reused when it was made with the run's epochs and image side
# (manifests older than the image_size field are all 28x28).
reusable() {
  [ -f "$1" ] && grep -q "\"epochs\": $2," "$1" &&
    { grep -q "\"image_size\": $3," "$1" || { [ "$3" = 28 ] && ! grep -q '"image_size"' "$1"; }; }
}
captures=()
for run in "${runs[@]}"; do
  read -r net epochs lr size <<<"$run"
  out=build/capture/$net
  if [ $fresh = 1 ] || ! reusable "$out/manifest.json" "$epochs" "$size"; then
    rm -rf "$out"
    build/workloads/cdma-capture --net "$net" --epochs "$epochs" --lr "$lr" --size "$size" --seed 1 \
      --threads 2 --out "$out"
  fi
  captures+=("$out")
done
rm -rf data/sample
build/workloads/cdma-study "${captures[@]}" --out build/study --export data/sample \
  --pick lenet:0:conv1.relu --pick lenet:0:pool1 --pick lenet:2:conv1.relu \
  --pick lenet:-1:conv1.relu --pick lenet:-1:pool1 --pick lenet:-1:conv2.relu --pick lenet:-1:fc1.relu \
  --pick resnet:-1:layer1.relu1 --pick resnet:-1:layer3.relu2 \
  --pick vgg16:-1:s5c3.relu --pick resnet18:-1:avgpool
tools/splice.sh docs/results.md study < build/study/study.md
tools/splice.sh README.md results-summary < build/study/summary.md
mkdir -p docs/figures
workloads/figures.py build/study/study.json docs/figures
du -sh data/sample
mkdir -p build/profile
for run in "${runs[@]}"; do
  read -r net _ _ size <<<"$run"
  build/workloads/cdma-capture --net "$net" --size "$size" --profile "build/profile/$net.json" \
    --threads 2
done
workloads/vdnn_networks.py build/study/study.json build/profile workloads/networks
tools/vdnn.sh
