"""The bundled model's graph with its int8 weights multiplied as int8, and its word table taken out.

The published model stores each weight as int8 plus a float scale and widens it in the graph
(`Cast` to float, `Mul` by the scale). onnxruntime folds those constants when it loads the
session, so every weight sits in memory as float32 (90 MB) beside its int8 copy, and a
reader that embeds one query holds some 190 MB for it. This rewrite keeps the weights int8:

- `MatMul(x, Mul(Cast(w), s))` becomes `MatMulInteger(DynamicQuantizeLinear(x), w)` scaled back
  by the activation's and the weight's scales (the scale is per output column, so it factors
  out of the product): onnxruntime's dynamic quantisation, whose integer kernels embed twice
  as many texts a second here;
- `Gather(Mul(Cast(w), s), ids)` (the word embeddings) gathers the int8 rows first and widens
  only them.

Any other use of a widened weight is left as it was. Vectors move by quantising activations:
cosine 0.99 to the original's on our texts, and the same questions found (bench/integer_graph.py).
Then the word table is taken out of the graph (`words_apart`) and the rest of the weights kept
in a file of their own (`save_with_weights_apart`), which onnxruntime maps instead of copying:
their pages are the page cache's, shared by every process. A session and one query hold 55 MB
instead of 195 (bench/integer_graph.py).

Uses the `onnx` package (its protobuf classes), which only this rewrite imports: local.py keeps
the result in cache files, so a reader loads them without importing `onnx`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

RECIPE = 1  # bump when the rewrite changes: the cached file is then made again


def integer_matmuls(model: bytes) -> tuple[bytes, int]:
    """The model with its widened int8 weights used as int8; and how many uses were rewritten."""
    import onnx  # lazy: only making the cache file needs it
    from onnx import TensorProto, helper

    proto, inits, users = _opened(model)
    graph = proto.graph

    def scale_of(cast: onnx.NodeProto) -> tuple[onnx.NodeProto, str] | None:
        """The `Mul` by a constant scale that alone follows `cast`, and that scale's name."""
        following = users.get(cast.output[0], [])
        if len(following) != 1 or following[0].op_type != "Mul":
            return None
        mul = following[0]
        other = [i for i in mul.input if i != cast.output[0]]
        return (mul, other[0]) if len(other) == 1 and other[0] in inits else None

    replaced: dict[int, list[onnx.NodeProto]] = {}  # id(node) -> what stands in its place
    dropped: set[int] = set()
    quantised: dict[str, tuple[str, str, str]] = {}  # activation -> its DynamicQuantizeLinear outputs
    rewritten = 0
    for cast in list(graph.node):
        weight = inits.get(cast.input[0]) if cast.op_type == "Cast" else None
        if weight is None or weight.data_type != TensorProto.INT8 or len(weight.dims) != 2:
            continue
        found = scale_of(cast)
        if found is None:
            continue
        mul, scale = found
        scale_dims = list(inits[scale].dims)
        per_column = scale_dims in ([], [1], [weight.dims[1]], [1, weight.dims[1]], [1, 1])
        per_row = scale_dims == [weight.dims[0], 1]
        kept = 0
        for user in users.get(mul.output[0], []):
            out = user.output[0]
            if user.op_type == "MatMul" and user.input[1] == mul.output[0] and per_column:
                x = user.input[0]
                nodes = []
                if x not in quantised:
                    quantised[x] = (f"{x}/u8", f"{x}/u8_scale", f"{x}/u8_zero")
                    nodes.append(helper.make_node("DynamicQuantizeLinear", [x], list(quantised[x])))
                xq, xscale, xzero = quantised[x]
                nodes += [
                    helper.make_node("MatMulInteger", [xq, weight.name, xzero], [f"{out}/i32"]),
                    helper.make_node("Cast", [f"{out}/i32"], [f"{out}/f32"], to=TensorProto.FLOAT),
                    helper.make_node("Mul", [xscale, scale], [f"{out}/scale"]),
                    helper.make_node("Mul", [f"{out}/f32", f"{out}/scale"], [out]),
                ]
            elif user.op_type == "Gather" and user.input[0] == mul.output[0] and (per_column or per_row):
                ids = user.input[1]
                axis = [a.i for a in user.attribute if a.name == "axis"]
                if axis not in ([], [0]):
                    kept += 1
                    continue
                nodes = [
                    helper.make_node("Gather", [weight.name, ids], [f"{out}/i8"]),
                    helper.make_node("Cast", [f"{out}/i8"], [f"{out}/f32"], to=TensorProto.FLOAT),
                ]
                row_scale = scale
                if per_row:
                    nodes.append(helper.make_node("Gather", [scale, ids], [f"{out}/scale"]))
                    row_scale = f"{out}/scale"
                nodes.append(helper.make_node("Mul", [f"{out}/f32", row_scale], [out]))
            else:
                kept += 1
                continue
            replaced[id(user)] = nodes
            rewritten += 1
        if not kept:
            dropped.update((id(cast), id(mul)))
    if not rewritten:
        return model, 0
    nodes = []
    for node in graph.node:  # each replacement where its node stood: the order stays topological
        if id(node) in replaced:
            nodes.extend(replaced[id(node)])
        elif id(node) not in dropped:
            nodes.append(node)
    del graph.node[:]
    graph.node.extend(nodes)
    onnx.checker.check_model(proto)
    return proto.SerializeToString(), rewritten


WORDS_INPUT = "word_embeddings"  # the graph input that words_apart puts in place of the lookup


def words_apart(model: bytes) -> tuple[bytes, np.ndarray, np.ndarray] | None:
    """The graph with its word-embedding lookup taken out, and the table it held: the graph then
    takes each token's (widened) row as the input WORDS_INPUT, and the int8 rows (vocabulary,
    dims) and their float32 scales are returned to be kept in a file of their own.

    Why: the table is half the weights (11.7 MB) and a text reads a few of its rows. Mapped by
    onnxruntime, the kernel maps the neighbours of every row read as well, so a reader came to
    hold most of it; read a row at a time (local.WordRows), it holds none. None when the graph
    has no lookup of the shape integer_matmuls leaves: Gather of int8 rows, Cast, Mul by the
    gathered per-row scales."""
    import onnx  # lazy: as above
    from onnx import TensorProto, helper, numpy_helper

    proto, inits, users = _opened(model)
    graph = proto.graph

    def only_user(name: str, op: str) -> onnx.NodeProto | None:
        found = users.get(name, [])
        return found[0] if len(found) == 1 and found[0].op_type == op else None

    for gather in graph.node:
        table = inits.get(gather.input[0]) if gather.op_type == "Gather" else None
        if table is None or table.data_type != TensorProto.INT8 or len(table.dims) != 2 or len(users[table.name]) != 1:
            continue
        ids = gather.input[1]
        cast = only_user(gather.output[0], "Cast")
        mul = cast and only_user(cast.output[0], "Mul")
        if mul is None:
            continue
        other = [n for n in graph.node if n.op_type == "Gather" and n.output[0] in mul.input and n is not gather]
        scale = inits.get(other[0].input[0]) if len(other) == 1 and other[0].input[1] == ids else None
        if scale is None or len(users[scale.name]) != 1:
            continue
        break
    else:
        return None
    rows = numpy_helper.to_array(table)
    scales = numpy_helper.to_array(scale).astype("float32").reshape(-1)
    if scales.shape != (rows.shape[0],):
        return None
    gone = {id(gather), id(cast), id(mul), id(other[0])}
    nodes = [n for n in graph.node if id(n) not in gone]
    for node in nodes:
        node.input[:] = [WORDS_INPUT if name == mul.output[0] else name for name in node.input]
    del graph.node[:]
    graph.node.extend(nodes)
    kept = [t for t in graph.initializer if t.name not in (table.name, scale.name)]
    del graph.initializer[:]
    graph.initializer.extend(kept)
    graph.input.append(
        helper.make_tensor_value_info(WORDS_INPUT, TensorProto.FLOAT, ["batch", "tokens", rows.shape[1]])
    )
    if not any(ids in n.input for n in nodes):
        inputs = [i for i in graph.input if i.name != ids]
        del graph.input[:]
        graph.input.extend(inputs)
    onnx.checker.check_model(proto)
    return proto.SerializeToString(), rows, scales


def _opened(model: bytes) -> tuple[Any, dict[str, Any], dict[str, list[Any]]]:
    """The model's proto, its initializers by name, and the nodes that use each value."""
    import onnx  # lazy: as above

    proto = onnx.load_from_string(model)
    users: dict[str, list[onnx.NodeProto]] = {}
    for node in proto.graph.node:
        for name in node.input:
            users.setdefault(name, []).append(node)
    return proto, {t.name: t for t in proto.graph.initializer}, users


def save_with_weights_apart(model: bytes, path: Path) -> Path:
    """Write `model`'s graph at `path` and its initializers in the file it returns (beside it,
    named in the graph). `path`'s folder must hold neither yet: onnx appends to the weights file."""
    import onnx  # lazy: as above

    weights = path.with_name(path.name + ".weights")
    onnx.save_model(
        onnx.load_from_string(model),
        path,
        save_as_external_data=True,
        all_tensors_to_one_file=True,
        location=weights.name,
        size_threshold=1024,
    )
    return weights
