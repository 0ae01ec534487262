"""The bundled model's graph with its int8 weights multiplied as int8: 76 MB held instead of 185.

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
Uses the `onnx` package (its protobuf classes), which only this rewrite imports: local.py keeps
the result in a cache file, so a reader loads it without importing `onnx`.
"""

from __future__ import annotations

RECIPE = 1  # bump when the rewrite changes: the cached file is then made again


def integer_matmuls(model: bytes) -> tuple[bytes, int]:
    """The model with its widened int8 weights used as int8; and how many uses were rewritten."""
    import onnx  # lazy: only making the cache file needs it
    from onnx import TensorProto, helper

    proto = onnx.load_from_string(model)
    graph = proto.graph
    inits = {t.name: t for t in graph.initializer}
    users: dict[str, list[onnx.NodeProto]] = {}
    for node in graph.node:
        for name in node.input:
            users.setdefault(name, []).append(node)

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
