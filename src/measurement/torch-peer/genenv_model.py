"""genenv's built-in transformer (src/models/) written again in PyTorch eager operations, for the two peer checks:
gradients against autograd (test/peer/torch_reference.py) and the training step's speed (step_server.py).

Read from genenv's definitions, op by op: token embedding; per block a pre-norm RMSNorm (x / sqrt(mean(x^2) + eps)
* gain), query/key/value projections, rotary positions on interleaved pairs (2i, 2i+1) of each head with angle
position * base^(-2i/headWidth), causal softmax attention scaled by 1/sqrt(headWidth), the output projection added
to the residual, then a pre-norm SwiGLU (silu(n W1) * (n W3)) W2 added to the residual; a final RMSNorm, the
output head (its own [width, vocab] matrix or the embedding transposed) and log-softmax. With a copy head the
next-token distribution is P = (1 - g) softmax(z) + g C, g = sigmoid(u . h + b), C(w) the pointer weights
softmax_j(q_t . k_j / sqrt(c)) summed over positions j <= t whose token is w, with q = h Wq, k = h Wk of the
final-normed states h (src/models/copy-head.ts). Weights are genenv's flat float32 vector, each matrix [in, out]
row-major, in the order of src/models/parameters.ts. Needs only the standard library and torch.
"""

import array
import math
import sys

import torch
import torch.nn.functional as functional


def parameter_layout(config):
    """(name, shape) of every tensor in genenv's flat vector, in its order (src/models/parameters.ts)."""
    width = config["modelWidth"]
    hidden = config["hiddenWidth"]
    vocab = config["vocabSize"]
    layout = [("embedding", [vocab, width])]
    for layer in range(config["layers"]):
        prefix = f"layers.{layer}."
        layout += [
            (prefix + "attention_norm", [width]),
            (prefix + "attention.wq", [width, width]),
            (prefix + "attention.wk", [width, width]),
            (prefix + "attention.wv", [width, width]),
            (prefix + "attention.wo", [width, width]),
            (prefix + "ffn_norm", [width]),
            (prefix + "feed_forward.w1", [width, hidden]),
            (prefix + "feed_forward.w3", [width, hidden]),
            (prefix + "feed_forward.w2", [hidden, width]),
        ]
    layout.append(("norm", [width]))
    if not config.get("tieEmbeddings", False):
        layout.append(("output", [width, vocab]))
    if config.get("copyHead", False):
        copy_width = width // config["heads"]
        layout += [("copy.wq", [width, copy_width]), ("copy.wk", [width, copy_width]), ("copy.gate", [width + 1])]
    return layout


def pack(sequences):
    """Teacher forcing as genenv packs it (src/models/batching.ts): row t of a sequence reads token t and predicts
    token t + 1, scored where t + 1 >= max(1, lossStart); right-padded with token 0. Returns tokens [batch, length]
    and the scored rows' (sequence, position, target) in order."""
    length = max(1, max(len(sequence["tokens"]) - 1 for sequence in sequences))
    tokens = torch.zeros(len(sequences), length, dtype=torch.long)
    scored = []
    for index, sequence in enumerate(sequences):
        values = sequence["tokens"]
        for position in range(len(values) - 1):
            tokens[index, position] = values[position]
            if position + 1 >= max(1, sequence["lossStart"]):
                scored.append((index, position, values[position + 1]))
    return tokens, scored


def read_float32(path):
    """A little-endian float32 file (genenv's checkpoint arrays) as a 1-D float32 tensor."""
    values = array.array("f")
    with open(path, "rb") as file:
        values.frombytes(file.read())
    if sys.byteorder == "big":
        values.byteswap()
    return torch.tensor(values, dtype=torch.float32)


def write_values(path, tensor):
    """A 1-D tensor as little-endian float32 ('.f32') or float64 (otherwise) values."""
    values = array.array("f" if path.endswith(".f32") else "d", tensor.detach().cpu().tolist())
    if sys.byteorder == "big":
        values.byteswap()
    with open(path, "wb") as file:
        file.write(values.tobytes())


class GenenvModel:
    """The model's tensors as leaf tensors of `dtype` (gradients land in .grad), built from the flat vector."""

    def __init__(self, config, flat, dtype=torch.float32):
        self.config = config
        self.layout = parameter_layout(config)
        expected = sum(math.prod(shape) for _, shape in self.layout)
        if flat.numel() != expected:
            raise ValueError(f"{flat.numel()} weights for a layout of {expected}")
        self.tensors = {}
        offset = 0
        for name, shape in self.layout:
            size = math.prod(shape)
            values = flat[offset : offset + size].to(dtype).reshape(shape).clone()
            self.tensors[name] = values.requires_grad_(True)
            offset += size
        width = config["modelWidth"]
        self.head_width = width // config["heads"]
        # cos/sin of position * base^(-2i/headWidth), computed in double and rounded once (as genenv's table).
        positions = torch.arange(config["contextLength"], dtype=torch.float64)[:, None]
        pairs = torch.arange(self.head_width // 2, dtype=torch.float64)[None, :]
        angles = positions * config.get("ropeBase", 10000) ** (-2 * pairs / self.head_width)
        self.cos = torch.cos(angles).to(torch.float32).to(dtype)
        self.sin = torch.sin(angles).to(torch.float32).to(dtype)

    def parameters(self):
        return [self.tensors[name] for name, _ in self.layout]

    def flat_gradients(self):
        """Every tensor's gradient in genenv's flat order (zeros where a tensor got none)."""
        parts = [
            (tensor.grad if tensor.grad is not None else torch.zeros_like(tensor)).reshape(-1)
            for tensor in self.parameters()
        ]
        return torch.cat(parts)

    def rms_norm(self, x, name):
        epsilon = self.config.get("normEpsilon", 1e-5)
        inverse = torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True) + epsilon)
        return x * inverse * self.tensors[name]

    def rotate(self, x):
        """Rotary positions on interleaved pairs of every head: x [batch, length, heads, headWidth]."""
        length = x.shape[1]
        pairs = x.reshape(*x.shape[:-1], self.head_width // 2, 2)
        even, odd = pairs[..., 0], pairs[..., 1]
        cos = self.cos[:length][None, :, None, :]
        sin = self.sin[:length][None, :, None, :]
        return torch.stack((even * cos - odd * sin, even * sin + odd * cos), dim=-1).reshape(x.shape)

    def attention(self, normed, prefix):
        batch, length, width = normed.shape
        heads = self.config["heads"]
        split = lambda tensor: tensor.reshape(batch, length, heads, self.head_width)  # noqa: E731
        query = self.rotate(split(normed @ self.tensors[prefix + "attention.wq"]))
        key = self.rotate(split(normed @ self.tensors[prefix + "attention.wk"]))
        value = split(normed @ self.tensors[prefix + "attention.wv"])
        # [batch, heads, length, length] scores, position t attending to s <= t.
        scores = torch.einsum("bthd,bshd->bhts", query, key) / math.sqrt(self.head_width)
        future = torch.ones(length, length, dtype=torch.bool).triu(1)
        weights = torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1)
        attended = torch.einsum("bhts,bshd->bthd", weights, value).reshape(batch, length, width)
        return attended @ self.tensors[prefix + "attention.wo"]

    def feed_forward(self, normed, prefix):
        gate = normed @ self.tensors[prefix + "feed_forward.w1"]
        up = normed @ self.tensors[prefix + "feed_forward.w3"]
        return (functional.silu(gate) * up) @ self.tensors[prefix + "feed_forward.w2"]

    def forward(self, tokens, entropies=True):
        """Next-token log-probabilities [batch, length, vocab] and their entropies [batch, length] of tokens
        [batch, length] (row t reads token t): the mixture's when the model has a copy head. Without `entropies`,
        None in their place (a step whose loss does not read them)."""
        x = self.tensors["embedding"][tokens]
        for layer in range(self.config["layers"]):
            prefix = f"layers.{layer}."
            x = x + self.attention(self.rms_norm(x, prefix + "attention_norm"), prefix)
            x = x + self.feed_forward(self.rms_norm(x, prefix + "ffn_norm"), prefix)
        normed = self.rms_norm(x, "norm")
        head = self.tensors["output"] if "output" in self.tensors else self.tensors["embedding"].t()
        log_probabilities = torch.log_softmax(normed @ head, dim=-1)
        if "copy.wq" in self.tensors:
            log_probabilities = self.copy_mixture(normed, tokens, log_probabilities)
        if not entropies:
            return log_probabilities, None
        return log_probabilities, -(log_probabilities.exp() * log_probabilities).sum(dim=-1)

    def copy_mixture(self, normed, tokens, generator_log):
        """log P = log((1 - g) softmax(z) + g C) from the final-normed states [batch, length, width]."""
        length = tokens.shape[1]
        width = self.config["modelWidth"]
        queries = normed @ self.tensors["copy.wq"]
        keys = normed @ self.tensors["copy.wk"]
        scores = queries @ keys.transpose(1, 2) / math.sqrt(queries.shape[-1])
        future = torch.ones(length, length, dtype=torch.bool).triu(1)
        pointer = torch.softmax(scores.masked_fill(future, float("-inf")), dim=-1)  # [batch, t, j]
        one_hot = functional.one_hot(tokens, self.config["vocabSize"]).to(pointer.dtype)  # [batch, j, vocab]
        mass = pointer @ one_hot
        gate_weights = self.tensors["copy.gate"]
        gate = torch.sigmoid(normed @ gate_weights[:width] + gate_weights[width])[..., None]
        return torch.log((1 - gate) * generator_log.exp() + gate * mass)
