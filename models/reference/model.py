"""Encoder-decoder Transformer for the reference en->es model.

Written with plain modules so that torch.onnx.export produces the graph style
the head finder supports best: every attention block has separate q_proj,
k_proj, v_proj and out_proj Linear layers and reshapes to [B, H, T, dh]
(as Marian and BART do); positions are sinusoidal; layers are pre-norm.
"""

import math
from dataclasses import asdict, dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class Config:
    vocab_size: int = 8000
    d_model: int = 128
    heads: int = 8
    encoder_layers: int = 6
    decoder_layers: int = 3
    ffn_dim: int = 512
    dropout: float = 0.1
    max_positions: int = 512
    pad_id: int = 0
    unk_id: int = 1
    bos_id: int = 2
    eos_id: int = 3
    decoder_start_id: int = 2

    def to_dict(self):
        return asdict(self)


NEG_INF = -1e9


def sinusoids(n, d):
    pos = torch.arange(n, dtype=torch.float32)[:, None]
    i = torch.arange(0, d, 2, dtype=torch.float32)[None, :]
    angle = pos / torch.pow(10000.0, i / d)
    pe = torch.zeros(n, d)
    pe[:, 0::2] = torch.sin(angle)
    pe[:, 1::2] = torch.cos(angle)
    return pe


class Attention(nn.Module):
    """Multi-head attention with separate Q/K/V/O projections."""

    def __init__(self, d_model, heads, dropout):
        super().__init__()
        assert d_model % heads == 0
        self.heads = heads
        self.head_dim = d_model // heads
        self.scale = self.head_dim ** -0.5
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)
        self.dropout = dropout

    def split(self, x):
        b, t, _ = x.shape
        return x.reshape(b, t, self.heads, self.head_dim).transpose(1, 2)

    def forward(self, x, kv, bias, past=None, cached=None):
        """x [B,T,D] queries; keys and values projected from kv [B,S,D], or
        given as they are by cached = (keys, values) [B,H,S,dh]; past =
        (keys, values) of earlier positions goes before them; bias
        broadcastable to [B,H,T,S] (0 where allowed, NEG_INF where masked).
        Returns the output [B,T,D] and the (keys, values) attended over,
        what a key/value cache keeps."""
        b, t, d = x.shape
        q = self.split(self.q_proj(x) * self.scale)
        if cached is None:
            k = self.split(self.k_proj(kv))
            v = self.split(self.v_proj(kv))
        else:
            k, v = cached
        if past is not None:
            k = torch.cat([past[0], k], dim=2)
            v = torch.cat([past[1], v], dim=2)
        scores = torch.matmul(q, k.transpose(-1, -2)) + bias
        probs = torch.softmax(scores, dim=-1)
        probs = F.dropout(probs, self.dropout, self.training)
        ctx = torch.matmul(probs, v)  # [B,H,T,dh]
        ctx = ctx.transpose(1, 2).reshape(b, t, d)
        return self.out_proj(ctx), (k, v)


class FeedForward(nn.Module):
    def __init__(self, d_model, ffn_dim, dropout):
        super().__init__()
        self.fc1 = nn.Linear(d_model, ffn_dim)
        self.fc2 = nn.Linear(ffn_dim, d_model)
        self.dropout = dropout

    def forward(self, x):
        h = F.relu(self.fc1(x))
        h = F.dropout(h, self.dropout, self.training)
        return self.fc2(h)


class EncoderLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.self_attn_norm = nn.LayerNorm(c.d_model)
        self.self_attn = Attention(c.d_model, c.heads, c.dropout)
        self.ffn_norm = nn.LayerNorm(c.d_model)
        self.ffn = FeedForward(c.d_model, c.ffn_dim, c.dropout)
        self.dropout = c.dropout

    def forward(self, x, bias):
        h = self.self_attn_norm(x)
        x = x + F.dropout(self.self_attn(h, h, bias)[0], self.dropout, self.training)
        h = self.ffn_norm(x)
        return x + F.dropout(self.ffn(h), self.dropout, self.training)


class DecoderLayer(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.self_attn_norm = nn.LayerNorm(c.d_model)
        self.self_attn = Attention(c.d_model, c.heads, c.dropout)
        self.cross_attn_norm = nn.LayerNorm(c.d_model)
        self.cross_attn = Attention(c.d_model, c.heads, c.dropout)
        self.ffn_norm = nn.LayerNorm(c.d_model)
        self.ffn = FeedForward(c.d_model, c.ffn_dim, c.dropout)
        self.dropout = c.dropout

    def forward(self, y, self_bias, memory, cross_bias, past=None):
        """y [B,T,D] the new positions; memory [B,S,D] the encoder states,
        or with past = (self keys, self values, cross keys, cross values)
        [B,H,*,dh] (a key/value cache) None: the earlier positions' keys and
        values and the encoder states' are taken from past. Returns y and
        the (keys, values) of self-attention over all positions and of
        cross-attention."""
        h = self.self_attn_norm(y)
        a, self_kv = self.self_attn(h, h, self_bias, past=None if past is None else past[:2])
        y = y + F.dropout(a, self.dropout, self.training)
        h = self.cross_attn_norm(y)
        c, cross_kv = self.cross_attn(h, memory, cross_bias, cached=None if past is None else past[2:])
        y = y + F.dropout(c, self.dropout, self.training)
        h = self.ffn_norm(y)
        return y + F.dropout(self.ffn(h), self.dropout, self.training), self_kv, cross_kv


class Seq2Seq(nn.Module):
    """Transformer with one embedding matrix shared by encoder input, decoder
    input and output projection (the SentencePiece vocabulary is joint)."""

    def __init__(self, c: Config):
        super().__init__()
        self.config = c
        self.embed = nn.Embedding(c.vocab_size, c.d_model, padding_idx=c.pad_id)
        nn.init.normal_(self.embed.weight, std=c.d_model ** -0.5)
        with torch.no_grad():
            self.embed.weight[c.pad_id].zero_()
        self.register_buffer("positions", sinusoids(c.max_positions, c.d_model), persistent=False)
        self.embed_scale = math.sqrt(c.d_model)
        self.encoder_layers = nn.ModuleList(EncoderLayer(c) for _ in range(c.encoder_layers))
        self.encoder_norm = nn.LayerNorm(c.d_model)
        self.decoder_layers = nn.ModuleList(DecoderLayer(c) for _ in range(c.decoder_layers))
        self.decoder_norm = nn.LayerNorm(c.d_model)
        self.final_logits_bias = nn.Parameter(torch.zeros(c.vocab_size))

    def embed_tokens(self, ids):
        t = ids.shape[1]
        x = self.embed(ids) * self.embed_scale + self.positions[:t]
        return F.dropout(x, self.config.dropout, self.training)

    @staticmethod
    def padding_bias(mask):
        """attention_mask [B,S] (1 keep, 0 pad) -> additive bias [B,1,1,S]."""
        m = mask.to(torch.float32)
        return ((1.0 - m) * NEG_INF)[:, None, None, :]

    def encode(self, input_ids, attention_mask):
        bias = self.padding_bias(attention_mask)
        x = self.embed_tokens(input_ids)
        for layer in self.encoder_layers:
            x = layer(x, bias)
        return self.encoder_norm(x)

    def decode(self, decoder_input_ids, memory, memory_mask):
        t = decoder_input_ids.shape[1]
        causal = torch.ones(t, t, dtype=torch.float32, device=memory.device).triu(1) * NEG_INF
        self_bias = causal[None, None, :, :]
        cross_bias = self.padding_bias(memory_mask)
        y = self.embed_tokens(decoder_input_ids)
        for layer in self.decoder_layers:
            y = layer(y, self_bias, memory, cross_bias)[0]
        y = self.decoder_norm(y)
        return F.linear(y, self.embed.weight) + self.final_logits_bias

    def decode_cached(self, decoder_input_ids, memory_mask, past=None, memory=None):
        """Decoder with a key/value cache, as Optimum's decoder files: without
        past (the first call, decoder_model.onnx) it reads the encoder states
        memory and computes what decode computes; with past
        (decoder_with_past_model.onnx), a list per layer of (self keys, self
        values, cross keys, cross values) [B,H,*,dh], it reads no encoder
        states. Returns the logits of the new positions decoder_input_ids
        [B,T] and per layer the self-attention (keys, values) of all
        positions and the cross-attention (keys, values)."""
        t = decoder_input_ids.shape[1]
        if past is None:
            causal = torch.ones(t, t, dtype=torch.float32, device=memory.device).triu(1) * NEG_INF
            self_bias = causal[None, None, :, :]
            y = self.embed_tokens(decoder_input_ids)
        else:
            start = past[0][0].shape[2]
            q_pos = torch.arange(t) + start
            k_pos = torch.arange(t + start)
            self_bias = (k_pos[None, :] > q_pos[:, None]).to(torch.float32)[None, None] * NEG_INF
            y = self.embed(decoder_input_ids) * self.embed_scale + self.positions[start:start + t]
            y = F.dropout(y, self.config.dropout, self.training)
        cross_bias = self.padding_bias(memory_mask)
        self_kv, cross_kv = [], []
        for i, layer in enumerate(self.decoder_layers):
            y, kv, ckv = layer(y, self_bias, memory, cross_bias, past=None if past is None else past[i])
            self_kv.append(kv)
            cross_kv.append(ckv)
        y = self.decoder_norm(y)
        logits = F.linear(y, self.embed.weight) + self.final_logits_bias
        return logits, self_kv, cross_kv

    def forward(self, input_ids, attention_mask, decoder_input_ids):
        memory = self.encode(input_ids, attention_mask)
        return self.decode(decoder_input_ids, memory, attention_mask)


class EncoderWrapper(nn.Module):
    """Optimum-style encoder: (input_ids, attention_mask) -> last_hidden_state."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask):
        return self.model.encode(input_ids, attention_mask)


def past_names(layers):
    """Optimum's names of the cache inputs, per layer: self-attention
    ("decoder") keys and values, then cross-attention ("encoder") ones."""
    return ["past_key_values.%d.%s.%s" % (i, part, kv)
            for i in range(layers) for part in ("decoder", "encoder") for kv in ("key", "value")]


class DecoderWrapper(nn.Module):
    """Optimum-style decoder (decoder_model.onnx): (input_ids,
    encoder_hidden_states, encoder_attention_mask) -> logits and every
    layer's present.I.decoder.key/value and present.I.encoder.key/value,
    the cache a decoder_with_past continues from."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, encoder_hidden_states, encoder_attention_mask):
        logits, present, cross = self.model.decode_cached(input_ids, encoder_attention_mask, memory=encoder_hidden_states)
        out = [logits]
        for (k, v), (ck, cv) in zip(present, cross):
            out += [k, v, ck, cv]
        return tuple(out)


class DecoderWithPastWrapper(nn.Module):
    """Optimum-style decoder_with_past: (input_ids, encoder_attention_mask,
    past_key_values.*) -> logits and every layer's present.I.decoder.key/value
    (the cross-attention cache does not change)."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, encoder_attention_mask, *past):
        layers = [past[4 * i:4 * i + 4] for i in range(len(past) // 4)]
        logits, present, _ = self.model.decode_cached(input_ids, encoder_attention_mask, past=layers)
        out = [logits]
        for k, v in present:
            out += [k, v]
        return tuple(out)


@torch.no_grad()
def greedy(model, input_ids, attention_mask, max_len=None, extra=20):
    """Greedy decoding without cache. Returns a list of id lists (no bos/eos)."""
    c = model.config
    memory = model.encode(input_ids, attention_mask)
    b = input_ids.shape[0]
    if max_len is None:
        src_lens = attention_mask.sum(1)
        max_len = int(src_lens.max().item() * 1.5) + extra
    max_len = min(max_len, c.max_positions - 1)
    ys = torch.full((b, 1), c.decoder_start_id, dtype=torch.long)
    done = torch.zeros(b, dtype=torch.bool)
    for _ in range(max_len):
        logits = model.decode(ys, memory, attention_mask)[:, -1]
        nxt = logits.argmax(-1)
        nxt = torch.where(done, torch.full_like(nxt, c.pad_id), nxt)
        ys = torch.cat([ys, nxt[:, None]], 1)
        done |= nxt == c.eos_id
        if bool(done.all()):
            break
    out = []
    for row in ys[:, 1:].tolist():
        ids = []
        for t in row:
            if t == c.eos_id or t == c.pad_id:
                break
            ids.append(t)
        out.append(ids)
    return out
