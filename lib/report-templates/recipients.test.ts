import { parseDomainList, recipientRuleText, refusedRecipients } from "./recipients";

test("an address passes as a user of the licensee or at an allowed domain: exact domain, any case", () => {
  const members = new Set(["ann@corp.example"]);
  const recipients = ["Ann@Corp.example", "bob@PARTNER.example", "eve@mail.partner.example", "x@evil.example", "partner.example@evil.example", "bob@corp.example"];
  expect(refusedRecipients(recipients, ["partner.example"], members)).toEqual(["eve@mail.partner.example", "x@evil.example", "partner.example@evil.example", "bob@corp.example"]);
  expect(refusedRecipients(["ann@corp.example"], [], members)).toEqual([]);
});

test("the schedule form's text names the licensee and its allowed domains", () => {
  expect(recipientRuleText({ licenseeName: "Acme Agency", domains: [] })).toBe("Recipients: users of Acme Agency");
  expect(recipientRuleText({ licenseeName: "Acme Agency", domains: ["a.example", "b.example"] })).toBe("Recipients: users of Acme Agency, or addresses at a.example, b.example");
});

test("operators' domain lists: trimmed, lower-cased, unique; anything but a plain host name is refused by name", () => {
  expect(parseDomainList(" A.example,b.example , a.EXAMPLE,")).toEqual({ ok: true, domains: ["a.example", "b.example"] });
  expect(parseDomainList("")).toEqual({ ok: true, domains: [] });
  for (const bad of ["*.example.com", "@example.com", "https://example.com", "example", "a_b.example", "-a.example", "a-.example", "a..example"]) {
    expect(parseDomainList(`ok.example, ${bad}`)).toEqual({ ok: false, error: expect.stringContaining(`not a domain name: ${bad.toLowerCase()}`) });
  }
});
