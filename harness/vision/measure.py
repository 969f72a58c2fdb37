#!/usr/bin/env python3
"""Measures what autograd keeps for backward in torchvision's image classifiers, per image, in float32.

Run with Debian's CPU build of PyTorch (python3-torch 1.13); torchvision is not needed:

    /usr/bin/python3 harness/vision/measure.py > harness/vision/results.json

The networks are written here in plain torch, module for module after torchvision's resnet.py, vgg.py,
efficientnet.py, convnext.py and vision_transformer.py (same layers, same in-place flags, same order of ops), so
their parameter counts can be checked against torchvision's published "num_params". The ViT attention is
PyTorch 2's F.multi_head_attention_forward written out op by op (packed in-projection made contiguous, q * scale,
bmm, softmax, bmm, heads made contiguous, out-projection): the eager path. See README.md in this folder.
"""

import datetime
import json
import math
import platform
import sys

import torch
import torch.nn.functional as F
from torch import nn

SCHEMA_VERSION = 1


# ---------------------------------------------------------------------------------------------------------------
# ResNet (torchvision/models/resnet.py)
# ---------------------------------------------------------------------------------------------------------------

class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, inplanes, planes, stride=1, downsample=None):
        super().__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.downsample = downsample

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.downsample is not None:
            identity = self.downsample(x)
        out += identity
        return self.relu(out)


class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, inplanes, planes, stride=1, downsample=None):
        super().__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, stride, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.conv3 = nn.Conv2d(planes, planes * 4, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(planes * 4)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = downsample

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        if self.downsample is not None:
            identity = self.downsample(x)
        out += identity
        return self.relu(out)


class ResNet(nn.Module):
    def __init__(self, block, layers):
        super().__init__()
        self.inplanes = 64
        self.conv1 = nn.Conv2d(3, 64, 7, 2, 3, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(3, 2, 1)
        self.layer1 = self._make_layer(block, 64, layers[0])
        self.layer2 = self._make_layer(block, 128, layers[1], 2)
        self.layer3 = self._make_layer(block, 256, layers[2], 2)
        self.layer4 = self._make_layer(block, 512, layers[3], 2)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(512 * block.expansion, 1000)

    def _make_layer(self, block, planes, blocks, stride=1):
        downsample = None
        if stride != 1 or self.inplanes != planes * block.expansion:
            downsample = nn.Sequential(nn.Conv2d(self.inplanes, planes * block.expansion, 1, stride, bias=False),
                                       nn.BatchNorm2d(planes * block.expansion))
        layers = [block(self.inplanes, planes, stride, downsample)]
        self.inplanes = planes * block.expansion
        layers += [block(self.inplanes, planes) for _ in range(1, blocks)]
        return nn.Sequential(*layers)

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        return self.fc(torch.flatten(self.avgpool(x), 1))


# ---------------------------------------------------------------------------------------------------------------
# VGG-16 (torchvision/models/vgg.py, cfg "D")
# ---------------------------------------------------------------------------------------------------------------

class VGG16(nn.Module):
    def __init__(self):
        super().__init__()
        layers, c = [], 3
        for v in [64, 64, "M", 128, 128, "M", 256, 256, 256, "M", 512, 512, 512, "M", 512, 512, 512, "M"]:
            if v == "M":
                layers.append(nn.MaxPool2d(2, 2))
            else:
                layers += [nn.Conv2d(c, v, 3, padding=1), nn.ReLU(inplace=True)]
                c = v
        self.features = nn.Sequential(*layers)
        self.avgpool = nn.AdaptiveAvgPool2d((7, 7))
        self.classifier = nn.Sequential(nn.Linear(512 * 7 * 7, 4096), nn.ReLU(True), nn.Dropout(0.5),
                                        nn.Linear(4096, 4096), nn.ReLU(True), nn.Dropout(0.5),
                                        nn.Linear(4096, 1000))

    def forward(self, x):
        return self.classifier(torch.flatten(self.avgpool(self.features(x)), 1))


# ---------------------------------------------------------------------------------------------------------------
# EfficientNet-B0 (torchvision/models/efficientnet.py, ops/misc.py Conv2dNormActivation and SqueezeExcitation,
# ops/stochastic_depth.py)
# ---------------------------------------------------------------------------------------------------------------

def conv_bn_act(cin, cout, k, stride=1, groups=1, act=True):
    layers = [nn.Conv2d(cin, cout, k, stride, (k - 1) // 2, groups=groups, bias=False), nn.BatchNorm2d(cout)]
    if act:
        layers.append(nn.SiLU(inplace=True))  # Conv2dNormActivation's default inplace=True
    return nn.Sequential(*layers)


def stochastic_depth(x, p, training):
    if not training or p == 0.0:
        return x
    survival = 1.0 - p
    noise = torch.empty([x.shape[0]] + [1] * (x.ndim - 1), dtype=x.dtype, device=x.device).bernoulli_(survival)
    if survival > 0.0:
        noise.div_(survival)
    return x * noise


class SqueezeExcitation(nn.Module):
    def __init__(self, cin, squeeze):
        super().__init__()
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc1 = nn.Conv2d(cin, squeeze, 1)
        self.fc2 = nn.Conv2d(squeeze, cin, 1)
        self.activation = nn.SiLU(inplace=True)
        self.scale_activation = nn.Sigmoid()

    def forward(self, x):
        s = self.scale_activation(self.fc2(self.activation(self.fc1(self.avgpool(x)))))
        return s * x


class MBConv(nn.Module):
    def __init__(self, expand, k, stride, cin, cout, sd_prob):
        super().__init__()
        self.use_res = stride == 1 and cin == cout
        exp = cin * expand
        layers = []
        if exp != cin:
            layers.append(conv_bn_act(cin, exp, 1))
        layers.append(conv_bn_act(exp, exp, k, stride, groups=exp))
        layers.append(SqueezeExcitation(exp, max(1, cin // 4)))
        layers.append(conv_bn_act(exp, cout, 1, act=False))
        self.block = nn.Sequential(*layers)
        self.sd_prob = sd_prob

    def forward(self, x):
        result = self.block(x)
        if self.use_res:
            result = stochastic_depth(result, self.sd_prob, self.training)
            result += x
        return result


class EfficientNetB0(nn.Module):
    def __init__(self):
        super().__init__()
        cfg = [(1, 3, 1, 32, 16, 1), (6, 3, 2, 16, 24, 2), (6, 5, 2, 24, 40, 2), (6, 3, 2, 40, 80, 3),
               (6, 5, 1, 80, 112, 3), (6, 5, 2, 112, 192, 4), (6, 3, 1, 192, 320, 1)]
        layers = [conv_bn_act(3, 32, 3, 2)]
        total, idx = sum(c[5] for c in cfg), 0
        for e, k, s, cin, cout, n in cfg:
            stage = []
            for i in range(n):
                stage.append(MBConv(e, k, s if i == 0 else 1, cin if i == 0 else cout, cout, 0.2 * idx / total))
                idx += 1
            layers.append(nn.Sequential(*stage))
        layers.append(conv_bn_act(320, 1280, 1))
        self.features = nn.Sequential(*layers)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(nn.Dropout(0.2, inplace=True), nn.Linear(1280, 1000))

    def forward(self, x):
        return self.classifier(torch.flatten(self.avgpool(self.features(x)), 1))


# ---------------------------------------------------------------------------------------------------------------
# ConvNeXt-T (torchvision/models/convnext.py)
# ---------------------------------------------------------------------------------------------------------------

class LayerNorm2d(nn.LayerNorm):
    def forward(self, x):
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x.permute(0, 3, 1, 2)


class CNBlock(nn.Module):
    def __init__(self, dim, sd_prob):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, 7, padding=3, groups=dim, bias=True)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(4 * dim, dim)
        self.layer_scale = nn.Parameter(torch.ones(dim, 1, 1) * 1e-6)
        self.sd_prob = sd_prob

    def forward(self, x):
        y = self.dwconv(x).permute(0, 2, 3, 1)
        y = self.fc2(self.act(self.fc1(self.norm(y)))).permute(0, 3, 1, 2)
        result = self.layer_scale * y
        result = stochastic_depth(result, self.sd_prob, self.training)
        result += x
        return result


class ConvNeXtTiny(nn.Module):
    def __init__(self):
        super().__init__()
        depths, dims = [3, 3, 9, 3], [96, 192, 384, 768]
        layers = [nn.Sequential(nn.Conv2d(3, 96, 4, 4, 0, bias=True), LayerNorm2d(96, eps=1e-6))]
        total, idx = sum(depths), 0
        for i, (d, c) in enumerate(zip(depths, dims)):
            stage = []
            for _ in range(d):
                stage.append(CNBlock(c, 0.1 * idx / (total - 1.0)))
                idx += 1
            layers.append(nn.Sequential(*stage))
            if i < 3:
                layers.append(nn.Sequential(LayerNorm2d(c, eps=1e-6), nn.Conv2d(c, dims[i + 1], 2, 2)))
        self.features = nn.Sequential(*layers)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(LayerNorm2d(768, eps=1e-6), nn.Flatten(1), nn.Linear(768, 1000))

    def forward(self, x):
        return self.classifier(self.avgpool(self.features(x)))


# ---------------------------------------------------------------------------------------------------------------
# ViT (torchvision/models/vision_transformer.py; attention as F.multi_head_attention_forward in PyTorch 2)
# ---------------------------------------------------------------------------------------------------------------

class SelfAttention(nn.Module):
    def __init__(self, e, heads):
        super().__init__()
        self.heads = heads
        self.in_proj_weight = nn.Parameter(torch.randn(3 * e, e) * 0.02)
        self.in_proj_bias = nn.Parameter(torch.zeros(3 * e))
        self.out_proj = nn.Linear(e, e)

    def forward(self, x):
        b, s, e = x.shape
        d = e // self.heads
        x = x.transpose(1, 0)  # batch_first=True: MHA works on (s, b, e)
        proj = F.linear(x, self.in_proj_weight, self.in_proj_bias)
        proj = proj.unflatten(-1, (3, e)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
        q, k, v = proj[0], proj[1], proj[2]
        q = q.view(s, b * self.heads, d).transpose(0, 1)
        k = k.view(s, b * self.heads, d).transpose(0, 1)
        v = v.view(s, b * self.heads, d).transpose(0, 1)
        q_scaled = q * math.sqrt(1.0 / float(d))
        attn = torch.softmax(torch.bmm(q_scaled, k.transpose(-2, -1)), dim=-1)
        out = torch.bmm(attn, v)
        out = out.transpose(0, 1).contiguous().view(s * b, e)
        out = self.out_proj(out)
        return out.view(s, b, e).transpose(1, 0)


class EncoderBlock(nn.Module):
    def __init__(self, e, heads, mlp):
        super().__init__()
        self.ln_1 = nn.LayerNorm(e, eps=1e-6)
        self.self_attention = SelfAttention(e, heads)
        self.ln_2 = nn.LayerNorm(e, eps=1e-6)
        self.mlp = nn.Sequential(nn.Linear(e, mlp), nn.GELU(), nn.Dropout(0.0), nn.Linear(mlp, e), nn.Dropout(0.0))

    def forward(self, inp):
        x = self.self_attention(self.ln_1(inp))
        x = x + inp
        return x + self.mlp(self.ln_2(x))


class ViT(nn.Module):
    def __init__(self, layers, e, heads, mlp, patch=16, image=224):
        super().__init__()
        self.patch, self.e = patch, e
        self.conv_proj = nn.Conv2d(3, e, patch, patch)
        s = (image // patch) ** 2 + 1
        self.class_token = nn.Parameter(torch.zeros(1, 1, e))
        self.pos_embedding = nn.Parameter(torch.randn(1, s, e) * 0.02)
        self.layers = nn.Sequential(*[EncoderBlock(e, heads, mlp) for _ in range(layers)])
        self.ln = nn.LayerNorm(e, eps=1e-6)
        self.head = nn.Linear(e, 1000)

    def forward(self, x):
        n = x.shape[0]
        x = self.conv_proj(x).reshape(n, self.e, -1).permute(0, 2, 1)
        x = torch.cat([self.class_token.expand(n, -1, -1), x], dim=1)
        x = self.ln(self.layers(x + self.pos_embedding))
        return self.head(x[:, 0])


MODELS = {
    "resnet-18": (lambda: ResNet(BasicBlock, [2, 2, 2, 2]), 11689512),
    "resnet-50": (lambda: ResNet(Bottleneck, [3, 4, 6, 3]), 25557032),
    "vgg-16": (VGG16, 138357544),
    "efficientnet-b0": (EfficientNetB0, 5288548),
    "convnext-tiny": (ConvNeXtTiny, 28589128),
    "vit-b-16-eager": (lambda: ViT(12, 768, 12, 3072), 86567656),
}


# Networks made of convolutions, batch norm, ReLU/SiLU/sigmoid, pooling and linear layers only: CPU autocast in
# 1.13 treats these ops as CUDA autocast does (16-bit convolutions and linear layers, the rest in their input's
# type). Layer norm and softmax are on CUDA's float32 list but not on the CPU's, so ConvNeXt and ViT are not
# measured under autocast.
AUTOCAST_MODELS = ["resnet-18", "resnet-50", "efficientnet-b0"]


def saved_bytes(model, batch, side, autocast=False):
    """Bytes of the storages autograd keeps after one training-mode forward pass and the loss, parameters and the
    input image excluded, each storage counted once at its full size; the total and the part in bfloat16."""
    params = {p.data_ptr() for p in model.parameters()}
    image = torch.randn(batch, 3, side, side)
    storages = {}

    def pack(t):
        st = t.storage()
        ptr = st.data_ptr()
        if ptr not in params and ptr != image.data_ptr():
            storages[ptr] = (st.nbytes(), t.dtype == torch.bfloat16)
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=autocast):
            loss = F.cross_entropy(model(image), torch.zeros(batch, dtype=torch.long))
    del loss
    return sum(n for n, _ in storages.values()), sum(n for n, half in storages.values() if half)


def main():
    torch.manual_seed(0)
    torch.set_num_threads(2)
    results = []
    for name, (build, published) in MODELS.items():
        model = build().train()
        params = sum(p.numel() for p in model.parameters())
        side = 224
        one, _ = saved_bytes(model, 1, side)
        two, _ = saved_bytes(model, 2, side)
        per_image = two - one
        print(f"{name}: params {params} (torchvision {published}), saved per image {per_image}", file=sys.stderr)
        row = {"model": name, "resolution": side, "params": params, "torchvisionParams": published,
               "savedBytesBatch1": one, "savedBytesBatch2": two, "savedBytesPerImage": per_image}
        if name in AUTOCAST_MODELS:
            one, half_one = saved_bytes(model, 1, side, autocast=True)
            two, half_two = saved_bytes(model, 2, side, autocast=True)
            # The 16-bit weight copies are kept once per batch: the bfloat16 bytes at batch 1 less those per image.
            copies = half_one - (half_two - half_one)
            print(f"{name} autocast: saved per image {two - one}, weight copies {copies}", file=sys.stderr)
            row["autocastBf16"] = {"savedBytesBatch1": one, "savedBytesBatch2": two,
                                   "savedBytesPerImage": two - one, "weightCopyBytes": copies}
        results.append(row)
    json.dump({
        "schemaVersion": SCHEMA_VERSION,
        "torchVersion": torch.__version__,
        "pythonVersion": platform.python_version(),
        "device": "cpu",
        "dtype": "float32; autocastBf16: forward under torch.autocast('cpu', dtype=torch.bfloat16)",
        "measuredAt": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "method": "One training-mode forward pass and cross-entropy loss at batch 1 and at batch 2 under "
                  "torch.autograd.graph.saved_tensors_hooks; every saved tensor is mapped to its storage "
                  "(data_ptr), parameters and the input image are left out, each storage counts once at its "
                  "full size (storage().nbytes()); per image = batch 2 minus batch 1, which removes per-batch "
                  "tensors (batch-norm statistics).",
        "results": results,
    }, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
