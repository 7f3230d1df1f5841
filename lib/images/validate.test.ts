// Every upload rule and its message, with the type decided by content.
import { gif, jpeg, png, pngHeader } from "@/tests/helpers/images";
import { checkImage, extensionOf, imageMimeForName } from "./validate";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "./schema";

const refused = (message: string) => ({ ok: false, message });

describe("checkImage", () => {
  it("accepts a 300x300 PNG or JPEG logo and reports its size and type", async () => {
    expect(await checkImage("LOGO", "logo.png", png(300, 300))).toEqual({ ok: true, width: 300, height: 300, mime: "image/png", ext: "png" });
    expect(await checkImage("LOGO", "logo.JPEG", jpeg(300, 300))).toMatchObject({ ok: true, mime: "image/jpeg" });
    expect(await checkImage("LOGO", "logo.jpg", jpeg(300, 300))).toMatchObject({ ok: true, width: 300, height: 300 });
  });

  it("refuses a logo that is not exactly 300x300", async () => {
    expect(await checkImage("LOGO", "wide.png", png(301, 300))).toEqual(
      refused("Invalid dimensions: the image is 301x300 pixels; it must be 300x300"),
    );
    expect(await checkImage("LOGO", "small.jpg", jpeg(150, 150))).toEqual(refused(IMAGE_MESSAGES.dimensions(150, 150, [{ width: 300, height: 300 }])));
  });

  it("has no dimension rule for fallback and overlay images", async () => {
    expect(await checkImage("FALLBACK", "banner.png", png(320, 50))).toMatchObject({ ok: true, width: 320, height: 50 });
    expect(await checkImage("OVERLAY", "badge.png", png(40, 90))).toMatchObject({ ok: true, width: 40, height: 90 });
  });

  it("accepts a GIF overlay, but no GIF logo or fallback", async () => {
    expect(await checkImage("OVERLAY", "sparkle.gif", gif(64, 32))).toEqual({ ok: true, width: 64, height: 32, mime: "image/gif", ext: "gif" });
    expect(await checkImage("LOGO", "sparkle.gif", gif(300, 300))).toEqual(
      refused("Unsupported file type: only .jpg, .jpeg, .png files are allowed"),
    );
    expect(await checkImage("FALLBACK", "sparkle.gif", gif(300, 300))).toEqual(refused(IMAGE_MESSAGES.extension(["jpg", "jpeg", "png"])));
  });

  it("decides the type by content: a .png that is really a JPEG, a GIF or text is refused", async () => {
    expect(await checkImage("LOGO", "logo.png", jpeg(300, 300))).toEqual(
      refused("Unsupported file type: the content is a JPEG image, not a .png file"),
    );
    expect(await checkImage("LOGO", "logo.png", gif(300, 300))).toEqual(
      refused("Unsupported file type: the content is not a .jpg, .jpeg, .png image"),
    );
    expect(await checkImage("LOGO", "logo.png", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toEqual(
      refused(IMAGE_MESSAGES.content(["jpg", "jpeg", "png"])),
    );
    expect(await checkImage("OVERLAY", "notes.gif", Buffer.from("just some text"))).toEqual(
      refused("Unsupported file type: the content is not a .jpg, .jpeg, .png, .gif image"),
    );
  });

  it("refuses names without an allowed extension, whatever the content", async () => {
    expect(await checkImage("FALLBACK", "banner", png(10, 10))).toEqual(refused(IMAGE_MESSAGES.extension(["jpg", "jpeg", "png"])));
    expect(await checkImage("FALLBACK", "banner.svg", png(10, 10))).toEqual(refused(IMAGE_MESSAGES.extension(["jpg", "jpeg", "png"])));
  });

  it("allows 2048 KB and refuses 2049 KB", async () => {
    const atLimit = png(300, 300, { totalBytes: MAX_IMAGE_BYTES });
    expect(atLimit.length).toBe(2048 * 1024);
    expect(await checkImage("LOGO", "big.png", atLimit)).toMatchObject({ ok: true, width: 300, height: 300 });
    const over = png(300, 300, { totalBytes: 2049 * 1024 });
    expect(await checkImage("LOGO", "big.png", over)).toEqual(refused("File size exceeds the limit of 2048 KB"));
  });

  it("refuses any image declaring more than 16,384 pixels a side or 100 megapixels, whatever the kind", async () => {
    const bomb = pngHeader(100_000, 100_000);
    expect(bomb.length).toBe(33);
    for (const kind of ["LOGO", "FALLBACK", "OVERLAY"] as const) {
      expect(await checkImage(kind, "bomb.png", bomb)).toEqual(
        refused("Invalid dimensions: 100000x100000 pixels is more than 16,384 pixels a side"),
      );
    }
    expect(await checkImage("FALLBACK", "tall.png", pngHeader(10, 16_385))).toEqual(
      refused("Invalid dimensions: 10x16385 pixels is more than 16,384 pixels a side"),
    );
    expect(await checkImage("OVERLAY", "wide.gif", gif(16_384, 6_200))).toEqual(
      refused("Invalid dimensions: 16384x6200 pixels is more than 100 megapixels"),
    );
    expect(await checkImage("FALLBACK", "edge.jpg", jpeg(16_384, 6_100))).toMatchObject({ ok: true, width: 16_384, height: 6_100 });
  });

  it("refuses an empty file and an image whose size cannot be read", async () => {
    expect(await checkImage("FALLBACK", "empty.png", Buffer.alloc(0))).toEqual(refused("The file is empty"));
    const truncated = Uint8Array.from(png(300, 300).subarray(0, 20)); // signature and part of the header
    expect(await checkImage("FALLBACK", "cut.png", truncated)).toEqual(refused(IMAGE_MESSAGES.unreadable));
    // A view on a larger buffer: the bytes after its end are not part of the file.
    expect(await checkImage("FALLBACK", "cut.png", png(300, 300).subarray(0, 20))).toEqual(refused(IMAGE_MESSAGES.unreadable));
  });
});

test("helpers", () => {
  expect(extensionOf("a.b.PNG")).toBe("png");
  expect(extensionOf(".png")).toBe("");
  expect(imageMimeForName("x.jpeg")).toBe("image/jpeg");
  expect(imageMimeForName("x.html")).toBeNull();
});
