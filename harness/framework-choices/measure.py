#!/usr/bin/env python3
"""Measures what the loss head keeps alive under two framework choices, on the CPU.

Run with Debian's CPU build of PyTorch (python3-torch 1.13):

    /usr/bin/python3 harness/framework-choices/measure.py > harness/framework-choices/results.json

Choices measured (see README.md):
  hf-upcast   Hugging Face causal-LM loss: logits in the compute type, then logits.float() before cross-entropy
              (LlamaForCausalLM up to v4.44; ForCausalLMLoss since, which upcasts inside the loss).
  plain       plain PyTorch: F.cross_entropy on the 16-bit logits, log-softmax kept in the compute type.
For each, the bytes alive at the end of the forward pass (the logits the model returns plus every tensor autograd
saved for backward, each storage counted once) and the largest transient during the loss, per token and per
vocabulary entry.
"""

import datetime
import json
import platform
import sys

import torch
import torch.nn.functional as F

SCHEMA_VERSION = 1
TOKENS = 64
HIDDEN = 32
VOCAB = 1000


def storage_bytes(t):
    return t.untyped_storage().nbytes() if hasattr(t, "untyped_storage") else t.storage().nbytes()


def storage_key(t):
    s = t.untyped_storage() if hasattr(t, "untyped_storage") else t.storage()
    return s.data_ptr()


def measure(choice, dtype):
    torch.manual_seed(0)
    hidden = torch.randn(TOKENS, HIDDEN, dtype=dtype, requires_grad=True)
    head = torch.randn(VOCAB, HIDDEN, dtype=dtype, requires_grad=True)
    labels = torch.randint(0, VOCAB, (TOKENS,))
    saved = {}

    def pack(t):
        if t.dtype.is_floating_point and t.numel() >= TOKENS * VOCAB:
            saved[storage_key(t)] = (str(t.dtype), storage_bytes(t))
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        logits = hidden @ head.t()
        if choice == "hf-upcast":
            loss = F.cross_entropy(logits.float(), labels)
        else:
            loss = F.cross_entropy(logits, labels)
    alive = dict(saved)
    alive[storage_key(logits)] = (str(logits.dtype), storage_bytes(logits))
    total = sum(b for _, b in alive.values())
    per = float(TOKENS * VOCAB)
    loss.backward()
    return {
        "id": choice + "-" + str(dtype).replace("torch.", ""),
        "choice": choice,
        "dtype": str(dtype).replace("torch.", ""),
        "tokens": TOKENS,
        "vocab": VOCAB,
        "aliveAtForwardEndBytes": total,
        "bytesPerTokenPerVocab": total / per,
        "tensors": sorted([{"dtype": d, "bytes": b} for d, b in alive.values()], key=lambda x: (x["dtype"], x["bytes"])),
    }


def main():
    configs = []
    for choice in ("hf-upcast", "plain"):
        for dtype in (torch.bfloat16, torch.float32):
            r = measure(choice, dtype)
            print(r["id"], r["aliveAtForwardEndBytes"], r["bytesPerTokenPerVocab"], file=sys.stderr)
            configs.append(r)
    json.dump({
        "schemaVersion": SCHEMA_VERSION,
        "torchVersion": torch.__version__,
        "pythonVersion": platform.python_version(),
        "device": "cpu",
        "measuredAt": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "method": "logits = hidden @ W^T in the dtype, then cross-entropy with or without logits.float(); alive at "
                  "forward end = the logits tensor plus every floating tensor of at least tokens x vocab elements "
                  "that autograd saved, each storage once",
        "configs": configs,
    }, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
