"""Writes the onnx-package-made test models of package onnxio.

Run with the project's venv (onnx 1.23.2, numpy):
    /opt/onnxprune-venv/bin/python onnxio/testdata/make_testdata.py
The Go tests check that these files, serialized by the onnx Python package
(not by Go), load and save back byte for byte, and decode to the values
below: element i of every tensor is VALUES[i % len(VALUES)], cast to the
tensor's type (bool: value != 0).
"""
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

HERE = os.path.dirname(os.path.abspath(__file__))
VALUES = [0.0, 1.5, -2.0, 3.0, -0.5, 4.0, 0.25, -8.0]
DTYPES = {
    "float32": (TensorProto.FLOAT, np.float32),
    "float16": (TensorProto.FLOAT16, np.float16),
    "bfloat16": (TensorProto.BFLOAT16, None),
    "float64": (TensorProto.DOUBLE, np.float64),
    "int64": (TensorProto.INT64, np.int64),
    "int32": (TensorProto.INT32, np.int32),
    "int8": (TensorProto.INT8, np.int8),
    "uint8": (TensorProto.UINT8, np.uint8),
    "bool": (TensorProto.BOOL, np.bool_),
}
SHAPE = (3, 5)


def values(n):
    return [VALUES[i % len(VALUES)] for i in range(n)]


def tensors():
    out = []
    n = SHAPE[0] * SHAPE[1]
    vals = values(n)
    for name, (dt, np_type) in DTYPES.items():
        if dt == TensorProto.UINT8:
            v = [abs(x) for x in vals]
        else:
            v = vals
        if dt == TensorProto.BOOL:
            typed = [x != 0 for x in v]
        elif dt in (TensorProto.FLOAT, TensorProto.FLOAT16, TensorProto.BFLOAT16, TensorProto.DOUBLE):
            typed = v
        else:
            typed = [int(x) for x in v]
        out.append(helper.make_tensor(f"{name}_typed", dt, SHAPE, typed, raw=False))
        if np_type is not None:
            arr = np.array(typed, dtype=np_type).reshape(SHAPE)
            out.append(numpy_helper.from_array(arr, f"{name}_raw"))
        else:
            out.append(helper.make_tensor(f"{name}_raw", dt, SHAPE, typed, raw=False))
            # bfloat16 raw form: the upper 16 bits of each float32
            bits = np.array(typed, dtype=np.float32).view(np.uint32) >> 16
            out[-1] = helper.make_tensor(f"{name}_raw", dt, SHAPE, bits.astype("<u2").tobytes(), raw=True)
    return out


def main_graph(inits):
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", "seq", 4])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", "seq", 4])
    cond = helper.make_tensor_value_info("cond", TensorProto.BOOL, [])
    then_g = helper.make_graph(
        [helper.make_node("Relu", ["x"], ["t_out"], name="then_relu")], "then_branch", [],
        [helper.make_tensor_value_info("t_out", TensorProto.FLOAT, None)])
    else_g = helper.make_graph(
        [helper.make_node("Neg", ["x"], ["e_out"], name="else_neg", doc_string="negate")], "else_branch", [],
        [helper.make_tensor_value_info("e_out", TensorProto.FLOAT, None)])
    nodes = [
        helper.make_node("Constant", [], ["c"], name="const",
                         value=helper.make_tensor("cval", TensorProto.FLOAT, [4], [1.0, -2.0, 3.5, 0.0])),
        helper.make_node("If", ["cond"], ["branch"], name="if", then_branch=then_g, else_branch=else_g),
        helper.make_node("Add", ["branch", "c"], ["y"], name="add"),
        helper.make_node("Transpose", ["x"], ["unused"], name="tr", perm=[-3, -1, -2]),
    ]
    g = helper.make_graph(nodes, "features", [x, cond], [y], initializer=inits, doc_string="graph doc")
    g.value_info.append(helper.make_tensor_value_info("branch", TensorProto.FLOAT, ["batch", "seq", None]))
    return g


def main():
    inits = tensors()
    model = helper.make_model(main_graph(inits), producer_name="onnxio-testdata", producer_version="1",
                              opset_imports=[helper.make_opsetid("", 17)], doc_string="test model")
    helper.set_model_props(model, {"purpose": "round trip", "author": "onnxio"})
    onnx.checker.check_model(model)
    onnx.save_model(model, os.path.join(HERE, "features.onnx"))

    # The same model with every tensor of 16 bytes or more in one external
    # data file, as onnx writes it.
    ext_dir = os.path.join(HERE, "external")
    os.makedirs(ext_dir, exist_ok=True)
    onnx.save_model(model, os.path.join(ext_dir, "model.onnx"), save_as_external_data=True,
                    all_tensors_to_one_file=True, location="model.onnx.data", size_threshold=16)


if __name__ == "__main__":
    main()
