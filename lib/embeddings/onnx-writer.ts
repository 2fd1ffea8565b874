// A writer for the few ONNX messages a model needs (onnx/onnx.proto3: ModelProto, GraphProto, NodeProto,
// AttributeProto, TensorProto, ValueInfoProto), in protobuf's wire format. The local encoder's graph is built from
// weights that ship in npm (use-lite-onnx.ts) and handed to onnxruntime as bytes, so no converter, no Python and no
// generated file is needed: this is the whole of the serialisation. Field numbers are onnx.proto3's.

/** ONNX tensor element types (TensorProto.DataType). */
export const DataType = { FLOAT: 1, UINT8: 2, INT8: 3, INT32: 6, INT64: 7 } as const;

export interface Tensor {
  name: string;
  dims: number[];
  dataType: number;
  /** Little-endian element bytes (raw_data). */
  raw: Uint8Array;
}

export type Attribute = number | number[] | string | { floats: number[] } | { float: number };

export interface Node {
  op: string;
  inputs: string[];
  outputs: string[];
  attributes?: Record<string, Attribute>;
  /** e.g. `com.microsoft` for onnxruntime's contrib operators; the default domain otherwise. */
  domain?: string;
}

export interface ValueInfo {
  name: string;
  dataType: number;
  /** A number is a fixed size, a string a named dynamic one. */
  shape: (number | string)[];
}

export interface Graph {
  name: string;
  nodes: Node[];
  initializers: Tensor[];
  inputs: ValueInfo[];
  outputs: ValueInfo[];
}

export interface ModelOptions {
  /** Operator set versions by domain ("" is ONNX's own). */
  opsets: Record<string, number>;
  producer: string;
}

/** The serialised ModelProto of a graph. */
export function writeModel(graph: Graph, options: ModelOptions): Uint8Array {
  const model = new Message();
  model.varint(1, 8); // ir_version 8 (ONNX 1.10+, read by every onnxruntime in use)
  model.string(2, options.producer);
  model.message(7, writeGraph(graph));
  for (const [domain, version] of Object.entries(options.opsets)) {
    const opset = new Message();
    if (domain) opset.string(1, domain);
    opset.varint(2, version);
    model.message(8, opset);
  }
  return model.bytes();
}

function writeGraph(graph: Graph): Message {
  const message = new Message();
  for (const node of graph.nodes) message.message(1, writeNode(node));
  message.string(2, graph.name);
  for (const tensor of graph.initializers) message.message(5, writeTensor(tensor));
  for (const input of graph.inputs) message.message(11, writeValueInfo(input));
  for (const output of graph.outputs) message.message(12, writeValueInfo(output));
  return message;
}

function writeNode(node: Node): Message {
  const message = new Message();
  for (const input of node.inputs) message.string(1, input);
  for (const output of node.outputs) message.string(2, output);
  message.string(3, node.outputs[0]!);
  message.string(4, node.op);
  for (const [name, value] of Object.entries(node.attributes ?? {})) message.message(5, writeAttribute(name, value));
  if (node.domain) message.string(7, node.domain);
  return message;
}

// AttributeProto.AttributeType: FLOAT 1, INT 2, STRING 3, FLOATS 6, INTS 7.
function writeAttribute(name: string, value: Attribute): Message {
  const message = new Message();
  message.string(1, name);
  if (typeof value === "number") {
    message.varint(3, value);
    message.varint(20, 2);
  } else if (typeof value === "string") {
    message.string(4, value);
    message.varint(20, 3);
  } else if (Array.isArray(value)) {
    for (const item of value) message.varint(8, item);
    message.varint(20, 7);
  } else if ("float" in value) {
    message.float(2, value.float);
    message.varint(20, 1);
  } else {
    for (const item of value.floats) message.float(7, item);
    message.varint(20, 6);
  }
  return message;
}

function writeTensor(tensor: Tensor): Message {
  const message = new Message();
  for (const dim of tensor.dims) message.varint(1, dim);
  message.varint(2, tensor.dataType);
  message.string(8, tensor.name);
  message.raw(9, tensor.raw);
  return message;
}

function writeValueInfo(info: ValueInfo): Message {
  const shape = new Message();
  for (const size of info.shape) {
    const dim = new Message();
    if (typeof size === "number") dim.varint(1, size);
    else dim.string(2, size);
    shape.message(1, dim);
  }
  const tensorType = new Message();
  tensorType.varint(1, info.dataType);
  tensorType.message(2, shape);
  const type = new Message();
  type.message(1, tensorType);
  const message = new Message();
  message.string(1, info.name);
  message.message(2, type);
  return message;
}

/** A protobuf message being written: its fields' bytes in order, joined once at the end. */
class Message {
  private readonly parts: Uint8Array[] = [];
  private size = 0;

  varint(field: number, value: number): void {
    this.key(field, 0);
    this.push(encodeVarint(value));
  }

  float(field: number, value: number): void {
    this.key(field, 5);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.push(bytes);
  }

  string(field: number, value: string): void {
    this.raw(field, new TextEncoder().encode(value));
  }

  message(field: number, value: Message): void {
    this.key(field, 2);
    this.push(encodeVarint(value.size));
    for (const part of value.parts) this.push(part);
  }

  raw(field: number, value: Uint8Array): void {
    this.key(field, 2);
    this.push(encodeVarint(value.length));
    this.push(value);
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }

  private key(field: number, wireType: number): void {
    this.push(encodeVarint(field * 8 + wireType));
  }

  private push(part: Uint8Array): void {
    this.parts.push(part);
    this.size += part.length;
  }
}

/** A non-negative integer (or -1 .. as int64 two's complement) as a protobuf varint. */
function encodeVarint(value: number): Uint8Array {
  let big = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  while (big >= 0x80n) {
    bytes.push(Number(big & 0x7fn) | 0x80);
    big >>= 7n;
  }
  bytes.push(Number(big));
  return Uint8Array.from(bytes);
}
