import { smartTagEventExample, smartTagSnippet, smartTagUrl } from "./snippet";

describe("smart tag snippet", () => {
  it("loads the tag of this advertiser from the console's origin, with a noscript image", () => {
    const snippet = smartTagSnippet("https://acme.dsp.example/", { id: 42, name: "Acme -- Shoes <b>" });
    expect(smartTagUrl("https://acme.dsp.example/", 42)).toBe("https://acme.dsp.example/api/smarttag/42");
    expect(snippet).toContain('<script async src="https://acme.dsp.example/api/smarttag/42"></script>');
    expect(snippet).toContain('src="https://acme.dsp.example/api/smarttag/42?img=1&amp;ev=page_view&amp;noscript=1"');
    expect(snippet).toMatch(/<noscript>[\s\S]*<\/noscript>/);
    expect(snippet).toContain("window.dsptag = window.dsptag ||");
    // The name cannot break out of its HTML comment.
    expect(snippet.split("\n")[0]).toBe("<!-- DSP Smart Tag: Acme - Shoes b (advertiser 42). Place it in the <head> of every page. -->");
  });

  it("shows how to fire an event in the advertiser's currency", () => {
    expect(smartTagEventExample("EUR")).toContain('dsptag("event", "purchase", { value: 49.99, currency: "EUR", order_id: "ORDER-1001" });');
  });
});
