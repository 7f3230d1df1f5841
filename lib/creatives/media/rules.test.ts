// The rule table: gcd reduction and each type's dimension rule, as the user reads the message.
import { aspectRatio, dimensionError, limitText, MAX_FILE_BYTES, MEDIA_KIND_BY_TYPE } from "./rules";

test("aspect ratios are width:height reduced by their greatest common divisor", () => {
  expect(aspectRatio(1920, 1080)).toBe("16:9");
  expect(aspectRatio(1080, 1920)).toBe("9:16");
  expect(aspectRatio(320, 50)).toBe("32:5");
  expect(aspectRatio(500, 600)).toBe("5:6");
  expect(aspectRatio(854, 480)).toBe("427:240");
  expect(aspectRatio(300, 250)).toBe("6:5");
});

test.each([
  ["HYBRID_STATIC_AD", 320, 50, null],
  ["HYBRID_DYNAMIC_AD", 1200, 800, null],
  ["DYNAMIC_MACRO", 600, 500, null],
  ["DYNAMIC_VIDEO", 1280, 720, null],
  ["HYBRID_STATIC_AD", 300, 600, "invalid dimensions: 1:2 is not an accepted aspect ratio (16:9, 9:16, 1:1, 4:3, 3:4, 3:2, 2:3, 5:6, 6:5, 32:5)"],
  ["DYNAMIC_VIDEO", 854, 480, expect.stringMatching(/^invalid dimensions: 427:240 is not an accepted aspect ratio/)],
  ["NATIVE_VIDEO", 720, 720, null],
  ["NATIVE_VIDEO", 1080, 1920, null],
  ["NATIVE_VIDEO", 800, 600, "invalid dimensions: 4:3 is not an accepted aspect ratio (1:1, 16:9, 9:16)"],
  ["NATIVE_IMAGE", 1200, 627, null],
  ["NATIVE_IMAGE", 1200, 800, null],
  ["NATIVE_IMAGE", 1200, 630, "invalid dimensions: 1200x630 is not one of 1200x627, 1200x628, 1280x720, 1200x800"],
  ["NATIVE_ICON", 80, 80, null],
  ["NATIVE_ICON", 50, 50, "invalid dimensions: 50x50 is smaller than 80x80"],
  ["CTV_VIDEO", 1920, 1080, null],
  ["CTV_VIDEO", 640, 360, null],
  ["CTV_VIDEO", 480, 270, "invalid dimensions: 480x270 is smaller than 640x360"],
  ["CTV_VIDEO", 720, 720, expect.stringMatching(/^invalid dimensions: 1:1 is not an accepted aspect ratio \(16:9\)/)],
  ["CTV_VIDEO", 0, 0, "invalid dimensions: the width and height could not be read"],
  ["IMAGE", 123, 457, null],
  ["VIDEO", 0, 0, null],
] as const)("%s %ix%i", (type, width, height, expected) => {
  expect(dimensionError(type, width, height)).toEqual(expected);
});

test("each type's media kind and limits", () => {
  expect(MEDIA_KIND_BY_TYPE.CTV_VIDEO).toBe("ctv_video");
  expect(MEDIA_KIND_BY_TYPE.PLAYABLE).toBe("html5_zip");
  expect(MEDIA_KIND_BY_TYPE.THIRD_PARTY_AD_TAGS).toBeNull();
  expect(MAX_FILE_BYTES).toMatchObject({ image: 5_120_000, video: 30_720_000, ctv_video: 204_800_000 });
  expect(limitText(5_120_000)).toBe("5.12 MB");
  expect(limitText(204_800_000)).toBe("204.8 MB");
});
