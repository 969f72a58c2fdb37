#!/usr/bin/env python3
"""Measures what autograd keeps for backward in GPT-style and Llama-style transformer blocks.

Run with Debian's CPU build of PyTorch (python3-torch 1.13):

    /usr/bin/python3 harness/activations/measure.py > harness/activations/results.json

Each configuration builds two identical blocks in plain torch, written op by op after the Hugging Face
GPT-2 (GPT2Block, GPT2Attention, GPT2MLP, Conv1D) and Llama (LlamaDecoderLayer, LlamaAttention,
eager_attention_forward, sdpa_attention_forward, LlamaMLP, LlamaRMSNorm, LlamaRotaryEmbedding, repeat_kv)
implementations, runs one
training-mode forward pass under torch.autograd.graph.saved_tensors_hooks and records every tensor that
autograd saves for backward. See README.md in this folder for the counting rules and the GPU-equivalent
adjustments; both are also written into the output under "method".
"""

import contextlib
import datetime
import json
import math
import platform
import sys

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.checkpoint import checkpoint

SCHEMA_VERSION = 1
LAYERS = 2
MEASURED_BLOCK = 1
SDPA_SCOPE = "sdpa"
DROPOUT_SCOPE = "dropout"

# ----------------------------------------------------------------------------------------------------------------
# Scopes: every op runs inside a named scope so that each saved tensor can be attributed to a block and a site.
# ----------------------------------------------------------------------------------------------------------------

_scope_stack = []


@contextlib.contextmanager
def scope(name):
    _scope_stack.append(name)
    try:
        yield
    finally:
        _scope_stack.pop()


def current_scope():
    return "/".join(_scope_stack)


def dropout(x, p, training, site):
    """nn.Dropout as HF calls it. On CPU, F.dropout multiplies by a float noise tensor of x's dtype and autograd
    keeps that noise; on CUDA the fused native_dropout keeps a bool mask instead (see README)."""
    with scope(site + "." + DROPOUT_SCOPE):
        return F.dropout(x, p=p, training=training)


# ----------------------------------------------------------------------------------------------------------------
# GPT-2 style block (transformers/models/gpt2/modeling_gpt2.py, pytorch_utils.Conv1D)
# ----------------------------------------------------------------------------------------------------------------

class Conv1D(nn.Module):
    """HF Conv1D: addmm(bias, x.view(-1, nx), weight) with weight stored as (in, out)."""

    def __init__(self, nf, nx):
        super().__init__()
        self.nf = nf
        self.weight = nn.Parameter(torch.randn(nx, nf) * 0.02)
        self.bias = nn.Parameter(torch.zeros(nf))

    def forward(self, x):
        size_out = x.size()[:-1] + (self.nf,)
        x = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
        return x.view(size_out)


def gelu_new_composed(x):
    """HF NewGELUActivation ("gelu_new", GPT-2's configured activation), written out as HF writes it."""
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


class GptBlock(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        h, a, ffn, max_pos = cfg["h"], cfg["a"], cfg["ffn"], cfg["s"]
        self.cfg = cfg
        self.num_heads = a
        self.head_dim = h // a
        self.ln_1 = nn.LayerNorm(h, eps=1e-5)
        self.c_attn = Conv1D(3 * h, h)
        self.attn_c_proj = Conv1D(h, h)
        self.ln_2 = nn.LayerNorm(h, eps=1e-5)
        self.c_fc = Conv1D(ffn, h)
        self.mlp_c_proj = Conv1D(h, ffn)
        self.register_buffer(
            "bias", torch.tril(torch.ones((max_pos, max_pos), dtype=torch.bool)).view(1, 1, max_pos, max_pos))

    def split_heads(self, t):
        return t.view(t.size()[:-1] + (self.num_heads, self.head_dim)).permute(0, 2, 1, 3)

    def core_eager(self, query, key, value):
        """GPT2Attention._attn (scale_attn_weights=True, no head mask, no extra attention mask)."""
        p, training = self.cfg["dropout"], self.training
        with scope("attn.core.scores"):
            attn_weights = torch.matmul(query, key.transpose(-1, -2))
            attn_weights = attn_weights / torch.full(
                [], value.size(-1) ** 0.5, dtype=attn_weights.dtype, device=attn_weights.device)
            query_length, key_length = query.size(-2), key.size(-2)
            causal_mask = self.bias[:, :, key_length - query_length: key_length, :key_length]
            mask_value = torch.finfo(attn_weights.dtype).min
            mask_value = torch.full([], mask_value, dtype=attn_weights.dtype).to(attn_weights.device)
            attn_weights = torch.where(causal_mask, attn_weights.to(attn_weights.dtype), mask_value)
        with scope("attn.core.softmax"):
            if self.cfg["autocastPolicy"] == "cuda":
                # CUDA autocast runs softmax under its fp32_set_opt_dtype policy (ATen autocast_mode.cpp,
                # AT_FORALL_FP32_SET_OPT_DTYPE); CPU autocast has no such entry. Applied explicitly so that the
                # CPU measurement keeps the tensor types a CUDA autocast run keeps.
                attn_weights = F.softmax(attn_weights, dim=-1, dtype=torch.float32)
            else:
                attn_weights = F.softmax(attn_weights, dim=-1)
            attn_weights = attn_weights.type(value.dtype)
        attn_weights = dropout(attn_weights, p, training, "attn.core.probs")
        with scope("attn.core.context"):
            return torch.matmul(attn_weights, value)

    def core_sdpa(self, query, key, value):
        """GPT2SdpaAttention: torch's scaled_dot_product_attention, causal, no mask (1.13 spells it with an
        underscore and returns (output, weights))."""
        p = self.cfg["dropout"] if self.training else 0.0
        note_flash_operands(query, key, value)
        with scope(SDPA_SCOPE):
            return F._scaled_dot_product_attention(query, key, value, None, p, False, True)[0]

    def forward(self, hidden_states):
        cfg = self.cfg
        h = hidden_states.shape[-1]
        residual = hidden_states
        with scope("ln_1"):
            hidden_states = self.ln_1(hidden_states)
        with scope("attn.c_attn"):
            query, key, value = self.c_attn(hidden_states).split(h, dim=2)
            query, key, value = self.split_heads(query), self.split_heads(key), self.split_heads(value)
        core = self.core_sdpa if cfg["attention"] == "sdpa" else self.core_eager
        if cfg["recompute"] == "selective":
            with scope("attn.core.checkpoint"):
                attn_output = checkpoint(core, query, key, value)
        else:
            attn_output = core(query, key, value)
        with scope("attn.merge_heads"):
            attn_output = attn_output.permute(0, 2, 1, 3).contiguous()
            attn_output = attn_output.view(attn_output.size()[:-2] + (h,))
        if cfg["attention"] == "sdpa":
            note_flash_output(attn_output)
        with scope("attn.c_proj"):
            attn_output = self.attn_c_proj(attn_output)
        attn_output = dropout(attn_output, cfg["dropout"], self.training, "attn.resid")
        with scope("attn.residual"):
            hidden_states = attn_output + residual
        residual = hidden_states
        with scope("ln_2"):
            hidden_states = self.ln_2(hidden_states)
        with scope("mlp.c_fc"):
            hidden_states = self.c_fc(hidden_states)
        with scope("mlp.act"):
            if cfg["gelu"] == "composed":
                hidden_states = gelu_new_composed(hidden_states)
            else:
                hidden_states = F.gelu(hidden_states, approximate="tanh")
        with scope("mlp.c_proj"):
            hidden_states = self.mlp_c_proj(hidden_states)
        hidden_states = dropout(hidden_states, cfg["dropout"], self.training, "mlp.resid")
        with scope("mlp.residual"):
            return residual + hidden_states


# ----------------------------------------------------------------------------------------------------------------
# Llama style block (transformers/models/llama/modeling_llama.py and integrations/sdpa_attention.py, v4.48+ layout:
# rotary cos/sin computed once per forward by the model and passed to every layer)
# ----------------------------------------------------------------------------------------------------------------

class LlamaRMSNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps

    def forward(self, hidden_states):
        input_dtype = hidden_states.dtype
        hidden_states = hidden_states.to(torch.float32)
        variance = hidden_states.pow(2).mean(-1, keepdim=True)
        hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        return self.weight * hidden_states.to(input_dtype)


class LlamaRotaryEmbedding(nn.Module):
    def __init__(self, dim, base=10000):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    @torch.no_grad()
    def forward(self, x, position_ids):
        inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
        position_ids_expanded = position_ids[:, None, :].float()
        with torch.autocast(device_type=x.device.type, enabled=False):
            freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
            emb = torch.cat((freqs, freqs), dim=-1)
            cos = emb.cos()
            sin = emb.sin()
        return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(q, k, cos, sin, unsqueeze_dim=1):
    cos = cos.unsqueeze(unsqueeze_dim)
    sin = sin.unsqueeze(unsqueeze_dim)
    q_embed = (q * cos) + (rotate_half(q) * sin)
    k_embed = (k * cos) + (rotate_half(k) * sin)
    return q_embed, k_embed


def repeat_kv(hidden_states, n_rep):
    batch, num_key_value_heads, slen, head_dim = hidden_states.shape
    if n_rep == 1:
        return hidden_states
    hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
    return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)


class LlamaBlock(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        h, a, kv, ffn = cfg["h"], cfg["a"], cfg["kv"], cfg["ffn"]
        self.cfg = cfg
        self.num_heads = a
        self.head_dim = h // a
        self.scaling = self.head_dim ** -0.5
        self.num_key_value_groups = a // kv
        self.input_layernorm = LlamaRMSNorm(h)
        self.q_proj = nn.Linear(h, a * self.head_dim, bias=False)
        self.k_proj = nn.Linear(h, kv * self.head_dim, bias=False)
        self.v_proj = nn.Linear(h, kv * self.head_dim, bias=False)
        self.o_proj = nn.Linear(a * self.head_dim, h, bias=False)
        self.post_attention_layernorm = LlamaRMSNorm(h)
        self.gate_proj = nn.Linear(h, ffn, bias=False)
        self.up_proj = nn.Linear(h, ffn, bias=False)
        self.down_proj = nn.Linear(ffn, h, bias=False)

    def core_eager(self, query, key, value, attention_mask):
        """eager_attention_forward: repeat_kv, scores, fp32 softmax cast back to the query dtype, dropout, @V."""
        p, training = self.cfg["dropout"], self.training
        with scope("attn.core.repeat_kv"):
            key_states = repeat_kv(key, self.num_key_value_groups)
            value_states = repeat_kv(value, self.num_key_value_groups)
        with scope("attn.core.scores"):
            attn_weights = torch.matmul(query, key_states.transpose(2, 3)) * self.scaling
            attn_weights = attn_weights + attention_mask
        with scope("attn.core.softmax"):
            attn_weights = F.softmax(attn_weights, dim=-1, dtype=torch.float32).to(query.dtype)
        attn_weights = dropout(attn_weights, p, training, "attn.core.probs")
        with scope("attn.core.context"):
            attn_output = torch.matmul(attn_weights, value_states)
            return attn_output.transpose(1, 2).contiguous()

    def core_sdpa(self, query, key, value, attention_mask):
        """sdpa_attention_forward without a padding mask (is_causal). With PyTorch >= 2.5 on CUDA HF passes
        enable_gqa=True and K/V keep the key/value head count ('sdpa'); before that, or with a padding mask, it
        calls repeat_kv first ('sdpa-repeat-kv'). CUDA autocast casts SDPA's float32 inputs to the 16-bit type
        (scaled_dot_product_attention is on its lower-precision list), applied explicitly here as CUDA does.
        CPU 1.13 has neither enable_gqa nor a flash kernel: the stand-in repeats K/V and runs the math SDPA
        inside the SDPA scope, none of which a flash kernel keeps."""
        p = self.cfg["dropout"] if self.training else 0.0
        if self.cfg["attention"] == "sdpa-repeat-kv":
            with scope("attn.core.repeat_kv"):
                key = repeat_kv(key, self.num_key_value_groups)
                value = repeat_kv(value, self.num_key_value_groups)
        if self.cfg["autocastPolicy"] == "cuda":
            with scope("attn.core.autocast_cast"):
                query, key, value = (t.to(torch.bfloat16) for t in (query, key, value))
        note_flash_operands(query, key, value)
        with scope(SDPA_SCOPE):
            key = repeat_kv(key, query.shape[1] // key.shape[1])
            value = repeat_kv(value, query.shape[1] // value.shape[1])
            attn_output = F._scaled_dot_product_attention(query, key, value, None, p, False, True)[0]
            return attn_output.transpose(1, 2).contiguous()

    def forward(self, hidden_states, attention_mask, cos, sin):
        cfg = self.cfg
        input_shape = hidden_states.shape[:-1]
        hidden_shape = (*input_shape, -1, self.head_dim)
        residual = hidden_states
        with scope("input_layernorm"):
            hidden_states = self.input_layernorm(hidden_states)
        with scope("attn.q_proj"):
            query_states = self.q_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        with scope("attn.k_proj"):
            key_states = self.k_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        with scope("attn.v_proj"):
            value_states = self.v_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        with scope("attn.rotary"):
            query_states, key_states = apply_rotary_pos_emb(query_states, key_states, cos, sin)
        core = self.core_eager if cfg["attention"] == "eager" else self.core_sdpa
        mask = attention_mask if cfg["attention"] == "eager" else None
        if cfg["recompute"] == "selective":
            with scope("attn.core.checkpoint"):
                if mask is None:
                    attn_output = checkpoint(lambda q, k, v: core(q, k, v, None), query_states, key_states,
                                             value_states)
                else:
                    attn_output = checkpoint(core, query_states, key_states, value_states, mask)
        else:
            attn_output = core(query_states, key_states, value_states, mask)
        with scope("attn.merge_heads"):
            attn_output = attn_output.reshape(*input_shape, -1).contiguous()
        if cfg["attention"] != "eager":
            note_flash_output(attn_output)
        with scope("attn.o_proj"):
            attn_output = self.o_proj(attn_output)
        with scope("attn.residual"):
            hidden_states = residual + attn_output
        residual = hidden_states
        with scope("post_attention_layernorm"):
            hidden_states = self.post_attention_layernorm(hidden_states)
        with scope("mlp.gate_proj"):
            gate = self.gate_proj(hidden_states)
        with scope("mlp.act"):
            gate = F.silu(gate)
        with scope("mlp.up_proj"):
            up = self.up_proj(hidden_states)
        with scope("mlp.gate_mul"):
            inter = gate * up
        with scope("mlp.down_proj"):
            hidden_states = self.down_proj(inter)
        with scope("mlp.residual"):
            return residual + hidden_states


# ----------------------------------------------------------------------------------------------------------------
# Recording
# ----------------------------------------------------------------------------------------------------------------

class Recorder:
    """Collects the tensors autograd packs during one forward pass."""

    def __init__(self):
        self.records = []
        self.flash_saved = []
        self.core_grad_enabled = False

    def pack(self, t):
        self.records.append({"tensor": t, "scope": current_scope()})
        return t

    @staticmethod
    def unpack(t):
        return t


RECORDER = None


def note_flash_operands(q, k, v):
    """Remembers the tensors a CUDA flash/memory-efficient SDPA kernel would save as query, key and value, and
    whether the kernel would record anything at all (not inside a checkpointed, no-grad forward)."""
    if RECORDER is None:
        return
    RECORDER.core_grad_enabled = torch.is_grad_enabled()
    if RECORDER.core_grad_enabled:
        b, heads, s, _ = q.shape
        for name, t in (("query", q), ("key", k), ("value", v)):
            RECORDER.flash_saved.append({"name": name, "tensor": t, "scope": current_scope(), "lse": None})
        RECORDER.flash_saved[-1]["lse"] = (b, heads, s)


def note_flash_output(merged):
    """The CUDA flash kernel writes its output in (b, s, heads, d) order, so HF's transpose(1, 2).contiguous()
    is a no-op there and the c_proj/o_proj input is the very tensor flash saves as `output`."""
    if RECORDER is not None and RECORDER.core_grad_enabled:
        RECORDER.flash_saved.append({"name": "output", "tensor": merged, "scope": current_scope(), "lse": None})


def storage_of(t):
    st = t.storage()
    return st.data_ptr(), st.nbytes()


def saved_by_map(roots):
    """Walks the autograd graph and maps storage data_ptr -> ['NodeName.saved_field', ...]."""
    names = {}
    seen = set()
    # Python wrappers of graph nodes are cached only while alive; holding them keeps id() unique.
    alive = []
    stack = [r.grad_fn for r in roots if r.grad_fn is not None]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        alive.append(node)
        node_name = type(node).__name__
        tensors = []
        for attr in dir(node):
            if attr.startswith("_saved_"):
                try:
                    val = getattr(node, attr)
                except RuntimeError:
                    continue
                vals = val if isinstance(val, (tuple, list)) else [val]
                tensors.extend((attr[len("_saved_"):], v) for v in vals if isinstance(v, torch.Tensor))
        if hasattr(node, "saved_tensors") and not tensors:
            try:
                tensors.extend(("saved_tensors", v) for v in node.saved_tensors if isinstance(v, torch.Tensor))
            except RuntimeError:
                pass
        for field, v in tensors:
            names.setdefault(storage_of(v)[0], []).append(node_name + "." + field)
        for nxt, _ in node.next_functions:
            if nxt is not None:
                stack.append(nxt)
    return names


VIEW_NODES = {"TBackward0", "ViewBackward0", "TransposeBackward0", "PermuteBackward0", "ExpandBackward0",
              "UnsqueezeBackward0", "ReshapeAliasBackward0", "AliasBackward0"}


def is_weight_cast(t):
    """True for an autocast copy of a parameter: ToCopyBackward0 straight onto the AccumulateGrad of an
    nn.Parameter, possibly behind view ops (a linear saves weight.t())."""
    node = t.grad_fn
    for _ in range(6):
        if node is None:
            return False
        name = type(node).__name__
        nexts = [n for n, _ in node.next_functions if n is not None]
        if name == "ToCopyBackward0":
            return (len(nexts) == 1 and type(nexts[0]).__name__ == "AccumulateGrad"
                    and isinstance(nexts[0].variable, nn.Parameter))
        if name in VIEW_NODES and len(nexts) == 1:
            node = nexts[0]
            continue
        return False
    return False


# ----------------------------------------------------------------------------------------------------------------
# One configuration
# ----------------------------------------------------------------------------------------------------------------

def build_inputs(cfg, dtype):
    """The first block's input and the model-level tensors every layer receives (shared, not per layer)."""
    b, s, h = cfg["b"], cfg["s"], cfg["h"]
    x = torch.randn(b, s, h, dtype=dtype, requires_grad=True)
    extras = []
    if cfg["arch"] == "llama":
        # create_causal_mask's 4D additive mask in the embeddings' dtype (eager only; SDPA gets None and
        # is_causal), and LlamaModel's rotary_emb(hidden_states, position_ids): cos and sin in the embeddings'
        # dtype, float32 under autocast.
        mask = torch.full((s, s), torch.finfo(dtype).min, dtype=dtype).triu(1)
        mask = mask[None, None, :, :].expand(b, 1, s, s).contiguous()
        position_ids = torch.arange(s).unsqueeze(0).expand(b, s)
        cos, sin = LlamaRotaryEmbedding(h // cfg["a"])(x, position_ids)
        extras = [mask, cos, sin]
    return x, extras


def run_config(cfg):
    global RECORDER
    torch.manual_seed(0)
    param_dtype = torch.bfloat16 if cfg["precision"] == "bf16" else torch.float32
    block_cls = GptBlock if cfg["arch"] == "gpt" else LlamaBlock
    blocks = nn.ModuleList([block_cls(cfg) for _ in range(LAYERS)]).to(param_dtype).train()
    x, extras = build_inputs(cfg, param_dtype)

    fixed_ptrs = {}
    for p in blocks.parameters():
        fixed_ptrs[storage_of(p)[0]] = "parameter"
    for buf in blocks.buffers():
        fixed_ptrs[storage_of(buf)[0]] = "buffer"
    shared_ptrs = {storage_of(t)[0] for t in extras}

    RECORDER = Recorder()
    autocast = (torch.autocast(device_type="cpu", dtype=torch.bfloat16)
                if cfg["precision"] == "bf16-autocast" else contextlib.nullcontext())
    with torch.autograd.graph.saved_tensors_hooks(RECORDER.pack, Recorder.unpack), autocast:
        hidden = x
        for i, block in enumerate(blocks):
            with scope("block%d" % i):
                if cfg["recompute"] == "full":
                    with scope("checkpoint"):
                        hidden = checkpoint(block, hidden, *extras)
                else:
                    hidden = block(hidden, *extras)
    recorder, RECORDER = RECORDER, None
    names = saved_by_map([hidden])
    result = summarise(cfg, recorder, names, fixed_ptrs, shared_ptrs)
    # Backward must run: it proves the graph is complete and frees the saved tensors.
    hidden.float().sum().backward()
    return result


def scope_parts(scope_name):
    return scope_name.split("/")


def in_sdpa(scope_name):
    return SDPA_SCOPE in scope_parts(scope_name)


def is_dropout(scope_name):
    return any(part.endswith("." + DROPOUT_SCOPE) for part in scope_parts(scope_name))


def block_of(scope_name):
    head = scope_parts(scope_name)[0]
    if not head.startswith("block"):
        raise RuntimeError("saved tensor outside any block: " + scope_name)
    return int(head[len("block"):])


def site_of(scope_name):
    return "/".join(scope_parts(scope_name)[1:])


def classify(t, ptr, fixed_ptrs, shared_ptrs):
    if ptr in fixed_ptrs:
        return fixed_ptrs[ptr]
    if ptr in shared_ptrs:
        return "shared"
    if t.dim() == 0:
        return "scalar"
    if is_weight_cast(t):
        return "weightCast"
    return "activation"


def gpu_bytes_and_rule(cfg, scope_name, category, t, nbytes, saved_by):
    """Bytes the same storage takes in a CUDA run with PyTorch 2.x, and the rule applied (README, "On a GPU")."""
    if category != "activation":
        return nbytes, "same"
    if saved_by == ["MeanBackward1.self"]:
        return 0, "meanKeepsSizesOnly"
    if in_sdpa(scope_name):
        return 0, "sdpaMathNotKeptByFlash"
    if is_dropout(scope_name):
        return t.numel(), "dropoutMaskBool"
    if (cfg["arch"] == "gpt" and scope_parts(scope_name)[-1] in ("ln_1", "ln_2") and t.dim() == 3
            and t.shape[-1] == 1 and t.dtype in (torch.bfloat16, torch.float16)):
        return t.numel() * 4, "layerNormStatsFp32"
    return nbytes, "same"


def dtype_name(dtype):
    return str(dtype).replace("torch.", "")


def summarise(cfg, recorder, names, fixed_ptrs, shared_ptrs):
    storages = {}
    order = []
    for rec in recorder.records:
        ptr, nbytes = storage_of(rec["tensor"])
        if ptr not in storages:
            storages[ptr] = {"records": [], "nbytes": nbytes}
            order.append(ptr)
        storages[ptr]["records"].append(rec)

    per_block = {i: {"tensors": [], "bytes": 0, "gpuBytes": 0, "excluded": {}} for i in range(LAYERS)}
    kept_outside_sdpa = set()
    for ptr in order:
        entry = storages[ptr]
        records, nbytes = entry["records"], entry["nbytes"]
        # The first saver outside an SDPA math decomposition names the tensor (a storage that a later op outside
        # SDPA also keeps stays kept on a GPU); otherwise the first saver.
        outside = [r for r in records if not in_sdpa(r["scope"])]
        rec = outside[0] if outside else records[0]
        if outside:
            kept_outside_sdpa.add(ptr)
        t = rec["tensor"]
        scope_name = rec["scope"]
        category = classify(t, ptr, fixed_ptrs, shared_ptrs)
        saved_by = sorted(set(names.get(ptr, [])))
        gpu_bytes, rule = gpu_bytes_and_rule(cfg, scope_name, category, t, nbytes, saved_by)
        item = {
            "site": site_of(scope_name),
            "savedBy": saved_by,
            "timesSaved": len(records),
            "shape": list(t.shape),
            "dtype": dtype_name(t.dtype),
            "elements": t.numel(),
            "storageBytes": nbytes,
            "category": category,
            "gpuBytes": gpu_bytes,
            "gpuRule": rule,
        }
        bucket = per_block[block_of(scope_name)]
        bucket["tensors"].append(item)
        if category == "activation":
            bucket["bytes"] += nbytes
            bucket["gpuBytes"] += gpu_bytes
        else:
            bucket["excluded"][category] = bucket["excluded"].get(category, 0) + nbytes

    add_flash_equivalents(cfg["attention"], per_block, recorder, kept_outside_sdpa, fixed_ptrs)

    measured = per_block[MEASURED_BLOCK]
    first = per_block[0]
    if first["bytes"] != measured["bytes"] or first["gpuBytes"] != measured["gpuBytes"]:
        raise RuntimeError("the two blocks keep different bytes in %s: %d/%d vs %d/%d" % (
            cfg["id"], first["bytes"], first["gpuBytes"], measured["bytes"], measured["gpuBytes"]))
    return {
        "perLayerBytes": measured["bytes"],
        "perLayerGpuEquivalentBytes": measured["gpuBytes"],
        "excludedBytes": dict(sorted(measured["excluded"].items())),
        "modelSharedBytes": sum(block["excluded"].get("shared", 0) for block in per_block.values()),
        "tensors": measured["tensors"],
    }


def add_flash_equivalents(attention, per_block, recorder, kept_outside_sdpa, fixed_ptrs):
    """On CUDA the flash (or memory-efficient) SDPA kernel saves query, key, value, output and a float32
    logsumexp of shape (b, heads, s), and none of the math decomposition's tensors. An operand whose storage
    another op outside SDPA already keeps is not counted twice."""
    added = {}
    op_name = flash_op(attention)
    for op in recorder.flash_saved:
        t = op["tensor"]
        ptr, nbytes = storage_of(t)
        block = block_of(op["scope"])
        site = site_of(op["scope"])
        if ptr in added:
            # q, k and v that are views of one projection output (GPT-2's c_attn) share one storage.
            added[ptr]["savedBy"].append(op_name + "." + op["name"])
        elif ptr not in kept_outside_sdpa and ptr not in fixed_ptrs:
            item = flash_item(op_name, site, op["name"], list(t.shape), dtype_name(t.dtype), t.numel(), nbytes,
                              "flashSavesOperand")
            added[ptr] = item
            per_block[block]["tensors"].append(item)
            per_block[block]["gpuBytes"] += nbytes
        if op["lse"] is not None:
            b, heads, s = op["lse"]
            lse_bytes = b * heads * s * 4
            per_block[block]["tensors"].append(flash_item(op_name, site, "logsumexp", [b, heads, s], "float32",
                                                          b * heads * s, lse_bytes, "flashLogsumexp"))
            per_block[block]["gpuBytes"] += lse_bytes


def flash_op(attention):
    return "_scaled_dot_product_flash_attention"


def flash_item(op, site, name, shape, dtype, elements, gpu_bytes, rule):
    return {
        "site": (site + "/" if site else "") + "flash." + name,
        "savedBy": [op + "." + name],
        "timesSaved": 0,
        "shape": shape,
        "dtype": dtype,
        "elements": elements,
        "storageBytes": 0,
        "category": "activation",
        "gpuBytes": gpu_bytes,
        "gpuRule": rule,
    }


# ----------------------------------------------------------------------------------------------------------------
# Configurations
# ----------------------------------------------------------------------------------------------------------------

BASE = {"b": 2, "s": 32, "h": 64, "a": 4}
SWEEP = [
    {"b": 4, "s": 32, "h": 64, "a": 4},
    {"b": 2, "s": 64, "h": 64, "a": 4},
    {"b": 2, "s": 32, "h": 128, "a": 4},
    {"b": 2, "s": 32, "h": 64, "a": 8},
]
LLAMA_KV_SWEEP = [1, 4]
PRECISIONS = ["fp32", "bf16", "bf16-autocast"]
SWEEP_PRECISIONS = ["fp32", "bf16"]
ATTENTIONS = ["eager", "sdpa"]
LLAMA_ATTENTIONS = ["eager", "sdpa"]
RECOMPUTES = ["none", "selective", "full"]
DROPOUTS = [0.0, 0.1]


def llama_ffn(h):
    """Llama's SwiGLU width rule: 2/3 of 4h, rounded up to a multiple of 16 (64 -> 176, 128 -> 352)."""
    return -(-(8 * h // 3) // 16) * 16


def make_config(arch, size, attention, recompute, precision, dropout_p, kv=None, gelu="fused",
                autocast_policy="cuda"):
    h, a = size["h"], size["a"]
    cfg = {
        "arch": arch,
        "b": size["b"],
        "s": size["s"],
        "h": h,
        "a": a,
        "kv": a if arch == "gpt" else (kv if kv is not None else a // 2),
        "headDim": h // a,
        "ffn": 4 * h if arch == "gpt" else llama_ffn(h),
        "norm": "layernorm" if arch == "gpt" else "rmsnorm",
        "mlp": "gelu" if arch == "gpt" else "swiglu",
        "rotary": arch == "llama",
        "biases": arch == "gpt",
        "dropoutSites": (["attn.core.probs", "attn.resid", "mlp.resid"] if arch == "gpt"
                         else ["attn.core.probs"]),
        "attention": attention,
        "recompute": recompute,
        "precision": precision,
        "autocastPolicy": autocast_policy if precision == "bf16-autocast" else "none",
        "dropout": dropout_p,
        "gelu": gelu if arch == "gpt" else "none",
    }
    cfg["id"] = "%s-%s-%s-%s-p%s-b%d-s%d-h%d-a%d-kv%d%s%s" % (
        arch, attention, recompute, precision, dropout_p, cfg["b"], cfg["s"], h, a, cfg["kv"],
        "-gelu-composed" if cfg["gelu"] == "composed" else "",
        "-cpu-autocast-policy" if cfg["autocastPolicy"] == "cpu" else "")
    return cfg


def all_configs():
    configs = []
    for arch in ("gpt", "llama"):
        attentions = ATTENTIONS if arch == "gpt" else LLAMA_ATTENTIONS
        for attention in attentions:
            for recompute in RECOMPUTES:
                for precision in PRECISIONS:
                    for p in DROPOUTS:
                        configs.append(make_config(arch, BASE, attention, recompute, precision, p))
        for size in SWEEP:
            for attention in attentions:
                for precision in SWEEP_PRECISIONS:
                    for p in DROPOUTS:
                        configs.append(make_config(arch, size, attention, "none", precision, p))
    for kv in LLAMA_KV_SWEEP:
        for attention in LLAMA_ATTENTIONS:
            for precision in SWEEP_PRECISIONS:
                for p in DROPOUTS:
                    configs.append(make_config("llama", BASE, attention, "none", precision, p, kv=kv))
    # Documentation-only variants (the engine has no input for them): HF's SDPA path that repeats K/V first
    # (PyTorch < 2.5 or a padding mask), HF's composed gelu_new, and plain CPU autocast.
    for precision in PRECISIONS:
        for p in DROPOUTS:
            configs.append(make_config("llama", BASE, "sdpa-repeat-kv", "none", precision, p))
    for precision in ("fp32", "bf16"):
        configs.append(make_config("gpt", BASE, "eager", "none", precision, 0.1, gelu="composed"))
    for p in DROPOUTS:
        configs.append(make_config("gpt", BASE, "eager", "none", "bf16-autocast", p, autocast_policy="cpu"))
    return configs


METHOD = {
    "blocks": "Two identical blocks per configuration, written in plain torch op by op after Hugging Face "
              "transformers' GPT2Block (Conv1D addmm projections, LayerNorm, tanh-GELU 4h MLP, eager "
              "attention or SDPA, dropout on attention probabilities, attention output and MLP output) and "
              "LlamaDecoderLayer as of v4.48 (RMSNorm that upcasts to float32, q/k/v/o nn.Linear without bias, "
              "rotary cos/sin computed once by the model and shared by all layers, repeat_kv, eager attention "
              "or SDPA, SwiGLU MLP, dropout on attention probabilities only). Training mode, one forward pass, "
              "input requires grad.",
    "perLayer": "The second block (block1) is reported; its input is the first block's output, as for every "
                "layer but the first. The harness fails if the two blocks keep different byte counts.",
    "capture": "torch.autograd.graph.saved_tensors_hooks; the pack hook records each tensor autograd saves, "
               "with the op scope it was saved in. savedBy lists the grad_fn nodes and fields that hold the "
               "storage, found by walking the autograd graph afterwards (for custom Functions such as "
               "torch.utils.checkpoint's CheckpointFunction: saved_tensors).",
    "counting": "A tensor is identified by its storage (tensor.storage().data_ptr()); a storage saved by several "
                "ops or through several views counts once, at its whole storage size "
                "(storage().nbytes()), so a saved view is charged its base storage. timesSaved is how many "
                "saves hit the storage.",
    "categories": "activation: counted in perLayerBytes. parameter/buffer: storage of a module parameter or "
                  "buffer (e.g. GPT-2's bool causal-mask buffer that torch.where saves). weightCast: an autocast "
                  "copy of a parameter (ToCopyBackward0 onto a leaf), kept until backward; memory of the "
                  "weights, not of the activations. scalar: 0-dim tensors (wrapped Python numbers and "
                  "GPT-2's attention scale; a few bytes). shared: model-level tensors passed to every layer "
                  "(Llama's rotary cos and sin, saved by the rotary products, and the 4D causal mask that a "
                  "reentrant checkpoint saves), one copy per model, not per layer. None of the non-activation "
                  "categories are in perLayerBytes; their sums for the measured block are in excludedBytes, and "
                  "modelSharedBytes is the shared storage saved anywhere in the forward pass.",
    "gpuEquivalent": "perLayerGpuEquivalentBytes applies, tensor by tensor, what a CUDA run with PyTorch 2.x keeps "
                     "instead (gpuBytes, gpuRule): dropoutMaskBool (fused native_dropout keeps a 1-byte bool mask; "
                     "CPU keeps a float noise tensor of the input dtype); layerNormStatsFp32 (CUDA "
                     "native_layer_norm keeps mean and rstd in the accumulate type, float32, for 16-bit input; "
                     "CPU 1.13 keeps the input dtype); meanKeepsSizesOnly (PyTorch 2.x MeanBackward1 keeps only "
                     "the input's sizes and element count; 1.13 keeps the input tensor); sdpaMathNotKeptByFlash, "
                     "flashSavesOperand, flashLogsumexp (the flash SDPA kernel keeps query, key, value, output and "
                     "a float32 logsumexp of (b, heads, s) and none of the CPU math fallback's tensors; an operand "
                     "another op already keeps is not counted again). Entries with storageBytes 0 exist only on "
                     "the GPU. Everything else is the same on both.",
    "attention": "eager: HF eager attention. sdpa: HF's SDPA path without a padding mask on PyTorch >= 2.5 "
                 "(enable_gqa, K and V keep the key/value head count; FlashAttention-2's flash_attn_func keeps the "
                 "same tensors). sdpa-repeat-kv (Llama, documentation only): HF's SDPA path with repeat_kv before "
                 "SDPA (PyTorch < 2.5, a padding mask, or transformers before v4.48). On CPU the SDPA variants run "
                 "the 1.13 math fallback; the GPU numbers come from the flash rules.",
    "precisions": "fp32: float32 weights and input. bf16: module and input cast to bfloat16 (no autocast). "
                  "bf16-autocast: float32 weights and input, forward under torch.autocast('cpu', bfloat16); "
                  "with autocastPolicy 'cuda' the one op of these blocks that CUDA autocast treats differently "
                  "from CPU autocast (softmax, fp32_set_opt_dtype on CUDA, no entry on CPU) is given "
                  "dtype=float32 explicitly, as CUDA autocast does; autocastPolicy 'cpu' leaves it to CPU "
                  "autocast (GPT-2 only, for documentation).",
}


def to_json(out):
    """Indented JSON with one line per configuration header and per saved tensor, to keep the file readable."""
    head = {k: v for k, v in out.items() if k != "configs"}
    lines = [json.dumps(head, indent=1)[:-2] + ",", ' "configs": [']
    for i, entry in enumerate(out["configs"]):
        fields = {k: v for k, v in entry.items() if k != "tensors"}
        lines.append("  " + json.dumps(fields)[:-1] + ', "tensors": [')
        tensors = entry["tensors"]
        for j, t in enumerate(tensors):
            lines.append("   " + json.dumps(t) + ("," if j + 1 < len(tensors) else ""))
        lines.append("  ]}" + ("," if i + 1 < len(out["configs"]) else ""))
    lines.append(" ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    torch.set_num_threads(2)
    started = datetime.datetime.now(datetime.timezone.utc)
    results = []
    for cfg in all_configs():
        measured = run_config(cfg)
        entry = {"id": cfg["id"], "config": {k: v for k, v in cfg.items() if k != "id"}}
        entry.update(measured)
        results.append(entry)
        print("%-70s %10d %10d" % (cfg["id"], measured["perLayerBytes"], measured["perLayerGpuEquivalentBytes"]),
              file=sys.stderr)
    out = {
        "schemaVersion": SCHEMA_VERSION,
        "torchVersion": torch.__version__,
        "pythonVersion": platform.python_version(),
        "device": "cpu",
        "measuredAt": started.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "method": METHOD,
        "configs": results,
    }
    sys.stdout.write(to_json(out))


if __name__ == "__main__":
    main()
