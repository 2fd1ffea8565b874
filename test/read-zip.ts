import { promisify } from "node:util";
import yauzl from "yauzl";

// A ZIP archive's entries and their bytes, for tests (an export: lib/privacy/build-export.ts).

export async function readZip(file: string): Promise<Map<string, Buffer>> {
  const zip = await promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open)(file, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", resolve);
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", reject);
        stream.on("end", () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}
