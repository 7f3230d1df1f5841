import fs from "node:fs";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { FeedFormatError, parseFeed as parseFeedBytes, parseFeedText, type ParsedFeed, type ParseOptions, type TextFormat } from "./parse";
import { sniffTextFormat } from "./sniff";
import { mappingIndex, qualityScore, successRate } from "./variables";

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, "../../tests/fixtures/catalog", name)));
/** The text formats, parsed synchronously as the job does once the bytes are text. */
const parseFeed = (bytes: Uint8Array, format: TextFormat, options?: ParseOptions) => parseFeedText(new TextDecoder().decode(bytes), format, options);
const guessedIndex = (feed: ParsedFeed) =>
  mappingIndex(feed.variables.map((v) => ({ name: v.name, standardVariable: guess(v.name) })));
// The fixtures use standard names (with the g: prefix in XML).
const guess = (name: string) => name.replace(/^g:/, "");

describe("CSV", () => {
  // 12 records: 10 products, one with too many fields, one with a stray quote.
  const feed = parseFeed(fixture("products.csv"), "CSV");

  it("counts every record after the header and rejects the two broken ones", () => {
    expect(feed).toMatchObject({ format: "CSV", totalLines: 12, parsedLines: 10, errorLines: 2 });
    expect(feed.items.map((i) => i.externalId)).toEqual([
      "SKU-001", "SKU-002", "SKU-003", "SKU-004", "SKU-005", "SKU-006", "SKU-007", "SKU-008", "SKU-009", "SKU-010",
    ]);
    expect(feed.messages.join(" ")).toContain("2 line(s) have a wrong number of fields or broken quoting");
  });

  it("keeps quoted commas inside a value and reads the id column", () => {
    expect(feed.idVariable).toBe("id");
    expect(feed.items[1].data.title).toBe("Trail Runner 2, size 40");
    expect(feed.items[3].data).not.toHaveProperty("image_link"); // empty value left out
  });

  it("lists the header columns as variables with positions and samples", () => {
    expect(feed.variables.map((v) => v.name)).toEqual([
      "id", "title", "description", "link", "image_link", "price", "sale_price", "availability", "brand", "category",
    ]);
    expect(feed.variables[5]).toEqual({ name: "price", variablePath: "column 6", samples: ["50.99 USD", "51.99 USD", "52.99 USD"] });
    expect(feed.variables[6].samples).toEqual([]); // sale_price is always empty
    expect(feed.variables[7].samples).toEqual(["in stock"]); // distinct values only
  });

  it("scores quality on the key variables: 8 of 10 products have an image", () => {
    expect(qualityScore(feed.items, guessedIndex(feed))).toBe(80);
    expect(successRate(feed.parsedLines, feed.totalLines)).toBe(83.33);
  });
});

describe("TSV", () => {
  it("splits on tabs, keeps quotes as text and rejects a line without id", () => {
    const feed = parseFeed(fixture("products.tsv"), "TSV");
    expect(feed).toMatchObject({ format: "TSV", totalLines: 5, parsedLines: 4, errorLines: 1 });
    expect(feed.items.map((i) => i.externalId)).toEqual(["T-1", "T-2", "T-4", "T-5"]);
    expect(feed.items[0].data.brand).toBe('Carry "Co"');
    expect(feed.messages.join(" ")).toContain('1 line(s) have no value for the id variable "id"');
  });
});

describe("XML", () => {
  it("finds the products under rss/channel/item and flattens nested and repeated elements", () => {
    const feed = parseFeed(fixture("products.xml"), "XML");
    expect(feed).toMatchObject({ format: "XML", totalLines: 4, parsedLines: 4, errorLines: 0, idVariable: "g:id" });
    expect(feed.items[0]).toEqual({
      externalId: "LAMP-1",
      data: {
        "g:id": "LAMP-1",
        title: "Desk Lamp 1",
        link: "https://lights.example.com/lamp-1",
        "g:image_link": "https://lights.example.com/lamp-1.jpg",
        "g:additional_image_link": "https://lights.example.com/lamp-1-b.jpg,https://lights.example.com/lamp-1-c.jpg",
        "g:price": "31.00 USD",
        "g:availability": "in stock",
        "g:shipping/g:country": "US",
        "g:shipping/g:price": "4.99 USD",
      },
    });
    expect(feed.variables.find((v) => v.name === "g:shipping/g:price")?.variablePath).toBe("rss/channel/item/g:shipping/g:price");
    expect(qualityScore(feed.items, guessedIndex(feed))).toBe(100);
  });

  it("salvages a malformed document product by product: 6 found, 3 broken", () => {
    // Products 3 (mismatched closing tag), 5 (bare '&') and 6 (cut off) are broken.
    const feed = parseFeed(fixture("products-malformed.xml"), "XML");
    expect(feed).toMatchObject({ totalLines: 6, parsedLines: 3, errorLines: 3 });
    expect(feed.items.map((i) => i.externalId)).toEqual(["LAMP-1", "LAMP-2", "LAMP-4"]);
    expect(feed.variables.find((v) => v.name === "g:price")?.variablePath).toBe("rss/channel/item/g:price");
    expect(feed.messages[0]).toMatch(/^The XML is not well-formed .* at line \d+, column \d+\); products were read one by one$/);
    expect(feed.messages).toContain("3 product element(s) could not be parsed");
  });

  it("finds an unknown repeating element and reads attributes", () => {
    const xml = `<shop><goods><good sku="A1"><name>Kettle</name></good><good sku="A2"><name>Toaster</name></good></goods></shop>`;
    const feed = parseFeed(strToU8(xml), "XML");
    expect(feed).toMatchObject({ totalLines: 2, parsedLines: 2, idVariable: "@sku" });
    expect(feed.variables.map((v) => [v.name, v.variablePath])).toEqual([
      ["name", "shop/goods/good/name"],
      ["@sku", "shop/goods/good/@sku"],
    ]);
  });

  it("reports a document without products as empty, not as a crash", () => {
    const feed = parseFeed(strToU8("<html><body><p>not a feed</p></body>"), "XML");
    expect(feed).toMatchObject({ totalLines: 0, parsedLines: 0, errorLines: 0, items: [] });
    expect(feed.messages.join(" ")).toContain("no repeating product element");
  });
});

describe("ZIP", () => {
  it("parses the first entry with a feed's extension; its content decides the format", async () => {
    const archive = zipSync({
      "__MACOSX/._products.csv": strToU8("junk"),
      ".hidden.csv": strToU8("junk"),
      "readme.md": new Uint8Array([0, 1, 2, 3]),
      "export/": new Uint8Array(),
      "export/products.dat": strToU8("id,title\n1,never read\n"),
      "export/Products.TXT": fixture("products.csv"),
      "export/later.xml": fixture("products.xml"),
    });
    const feed = await parseFeedBytes(archive, "ZIP");
    expect(feed).toMatchObject({ format: "CSV", totalLines: 12, parsedLines: 10, errorLines: 2 });
  });

  it("refuses an archive without a feed entry, one whose feed entry is no feed, and bytes that are no archive", async () => {
    await expect(parseFeedBytes(zipSync({ "a.bin": new Uint8Array([0, 0, 0]), "feed.dat": fixture("products.csv") }), "ZIP")).rejects.toThrow(
      new FeedFormatError("The ZIP archive contains no CSV, TSV or XML file"),
    );
    await expect(parseFeedBytes(zipSync({ "feed.csv": new Uint8Array(100_000), "other.csv": fixture("products.csv") }), "ZIP")).rejects.toThrow(
      new FeedFormatError("The file feed.csv in the ZIP archive is not a CSV, TSV or XML file"),
    );
    await expect(parseFeedBytes(strToU8("id,title\n1,a\n"), "ZIP")).rejects.toThrow(FeedFormatError);
  });

  it("a feed file stored without compression, and a large one arriving in many pieces, read whole", async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `SKU-${i},Product ${i},https://shop.example/p/${i}`).join("\n");
    const csv = strToU8(`id,title,link\n${rows}\n`);
    for (const level of [0, 6] as const) {
      const feed = await parseFeedBytes(zipSync({ "big.csv": [csv, { level }] }), "ZIP");
      expect(feed).toMatchObject({ format: "CSV", totalLines: 20_000, parsedLines: 20_000 });
      expect(feed.items.at(-1)).toEqual({ externalId: "SKU-19999", data: { id: "SKU-19999", title: "Product 19999", link: "https://shop.example/p/19999" } });
    }
  });
});

describe("ids", () => {
  it("takes ids from the user's id mapping first, and counts repeated ids once", () => {
    const csv = strToU8("sku,code,title\nA,1,x\nB,1,y\nC,2,z\n");
    const bySku = parseFeed(csv, "CSV");
    expect(bySku.idVariable).toBe("sku");
    expect(bySku.items).toHaveLength(3);
    const byCode = parseFeed(csv, "CSV", { idVariables: ["code"] });
    expect(byCode).toMatchObject({ idVariable: "code", totalLines: 3, parsedLines: 3, errorLines: 0 });
    expect(byCode.items.map((i) => i.externalId)).toEqual(["1", "2"]);
    expect(byCode.messages).toContain("1 line(s) repeat an id already imported");
  });

  it("counts a record with several quote errors once; an unclosed quote swallows the rest as one line", () => {
    const feed = parseFeed(strToU8('id,title,price\n1,"a" "b",2\n2,ok,3\n3,"open,4\n4,lost,5\n'), "CSV");
    expect(feed).toMatchObject({ totalLines: 3, parsedLines: 1, errorLines: 2 });
    expect(feed.items.map((i) => i.externalId)).toEqual(["2"]);
  });

  it("numbers lines when no column looks like an id", () => {
    const feed = parseFeed(strToU8("title,price\na,1\nb,2\n"), "CSV");
    expect(feed.idVariable).toBeNull();
    expect(feed.items.map((i) => i.externalId)).toEqual(["1", "2"]);
  });
});

describe("sniffTextFormat", () => {
  it.each([
    ["products.csv", "CSV"],
    ["products.tsv", "TSV"],
    ["products.xml", "XML"],
    ["products-malformed.xml", "XML"],
  ])("%s is %s", (file, format) => {
    expect(sniffTextFormat(fixture(file))).toBe(format);
  });

  it("refuses binary data, HTML and text with no separator", () => {
    expect(sniffTextFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]))).toBeNull();
    expect(sniffTextFormat(strToU8("<!DOCTYPE html><html></html>"))).toBeNull();
    expect(sniffTextFormat(strToU8("just some words\nmore words\n"))).toBeNull();
  });
});

describe("scores", () => {
  it("is 0 for an empty feed and needs all key variables mapped", () => {
    expect(successRate(0, 0)).toBe(0);
    expect(qualityScore([], new Map())).toBe(0);
    const items = [{ data: { id: "1", title: "t", link: "l", image_link: "i", price: "p" } }];
    const full = mappingIndex(["id", "title", "link", "image_link", "price"].map((n) => ({ name: n, standardVariable: n })));
    expect(qualityScore(items, full)).toBe(100);
    full.delete("price");
    expect(qualityScore(items, full)).toBe(0);
  });
});
