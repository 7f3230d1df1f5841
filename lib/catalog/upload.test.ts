import fs from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { readUpload, UPLOAD_MESSAGES } from "./upload";

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../../tests/fixtures/catalog", name));
const file = (bytes: Uint8Array | Buffer, name: string, type = "application/octet-stream") => new File([new Uint8Array(bytes)], name, { type });
const fieldError = (message: string) => expect.objectContaining({ issues: [expect.objectContaining({ path: ["file"], message })] });

describe("readUpload decides the type by content, not by name", () => {
  it.each([
    ["products.csv", "feed.png", "CSV"],
    ["products.tsv", "feed.txt", "TSV"],
    ["products.xml", "feed.csv", "XML"],
    ["products-malformed.xml", "feed", "XML"],
  ])("%s uploaded as %s is %s", async (fixtureName, uploadName, format) => {
    expect(await readUpload(file(fixture(fixtureName), uploadName))).toMatchObject({ name: uploadName, format });
  });

  it("accepts a plain zip archive and refuses an office document, which is a zip too", async () => {
    const zip = zipSync({ "products.csv": new Uint8Array(fixture("products.csv")) });
    expect(await readUpload(file(zip, "feed.csv"))).toMatchObject({ format: "ZIP" });
    const xlsx = zipSync({
      "[Content_Types].xml": strToU8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
      ),
      "xl/workbook.xml": strToU8("<workbook/>"),
    });
    await expect(readUpload(file(xlsx, "feed.zip"))).rejects.toEqual(fieldError(UPLOAD_MESSAGES.unsupported));
  });

  it("refuses an image named .csv and a file over the limit; no file is no upload", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
    await expect(readUpload(file(png, "feed.csv", "text/csv"))).rejects.toEqual(fieldError(UPLOAD_MESSAGES.unsupported));
    await expect(readUpload(file(fixture("products.csv"), "feed.csv"), 100)).rejects.toEqual(fieldError("File size exceeds the limit of 100 bytes"));
    expect(await readUpload(null)).toBeUndefined();
    expect(await readUpload("text")).toBeUndefined();
    expect(await readUpload(file(new Uint8Array(), "empty.csv"))).toBeUndefined();
  });
});
