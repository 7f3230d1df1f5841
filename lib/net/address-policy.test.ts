import { checkAddress, clientLimitKey, parseAddressLiteral } from "./address-policy";

describe("checkAddress refuses every non-public address in every spelling", () => {
  it.each([
    // loopback, in the spellings the C library also accepts
    ["127.0.0.1", "loopback"],
    ["2130706433", "loopback"], // decimal
    ["0x7f000001", "loopback"], // hex
    ["0x7F.0.0.1", "loopback"], // hex parts
    ["0177.0.0.1", "loopback"], // octal
    ["017700000001", "loopback"], // octal, one number
    ["127.1", "loopback"], // short form
    ["127.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"], // as a link writes it
    ["0:0:0:0:0:0:0:1", "loopback"],
    // IPv4-mapped IPv6 of a refused address is judged as that address
    ["::ffff:127.0.0.1", "loopback"],
    ["[::ffff:127.0.0.1]", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "linkLocal"],
    // private (RFC 1918) and carrier-grade NAT
    ["10.0.0.1", "private"],
    ["012.0.0.1", "private"], // octal 10
    ["0xa.0.0.1", "private"],
    ["167772161", "private"], // 10.0.0.1
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["3232235777", "private"], // 192.168.1.1
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.255", "carrierGradeNat"],
    // link-local, unique-local, multicast, unspecified, broadcast, reserved
    ["169.254.169.254", "linkLocal"],
    ["0xA9FEA9FE", "linkLocal"],
    ["fe80::1", "linkLocal"],
    ["[fe80::1%25eth0]", "linkLocal"], // with a zone, as a URL escapes it
    ["fe80::1%eth0", "linkLocal"],
    ["febf::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["[::]", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.10", "reserved"],
    ["198.18.0.1", "reserved"],
    ["2001:db8::1", "reserved"],
    // IPv6 forms that embed an IPv4 address other than the mapped form are refused outright
    ["::ffff:0:7f00:1", "rfc6145"], // IPv4-translated
    ["::7f00:1", "notGlobalUnicast"], // IPv4-compatible (deprecated)
    ["::a00:1", "notGlobalUnicast"],
    // ipaddr.js reads a dotted tail as IPv4-mapped: judged, and connected to, as that IPv4 address
    ["::127.0.0.1", "loopback"],
    ["64:ff9b::a00:1", "rfc6052"], // NAT64
    ["2002:7f00:1::1", "6to4"],
    ["2001:0:4136:e378::1", "teredo"],
    ["100::1", "discard"],
  ])("%s is refused (%s)", (text, range) => {
    expect(checkAddress(text)).toEqual({ allowed: false, address: expect.any(String), range });
  });

  it.each([
    ["8.8.8.8", "8.8.8.8", 4],
    ["134744072", "8.8.8.8", 4], // decimal
    ["0x08080808", "8.8.8.8", 4],
    ["172.32.0.1", "172.32.0.1", 4], // just outside 172.16/12
    ["100.128.0.1", "100.128.0.1", 4], // just outside 100.64/10
    ["::ffff:8.8.8.8", "8.8.8.8", 4], // mapped: connect over IPv4
    ["2606:4700:4700::1111", "2606:4700:4700::1111", 6],
    ["[2606:4700:4700:0:0:0:0:1111]", "2606:4700:4700::1111", 6],
  ])("%s is public and connected to as %s", (text, address, family) => {
    expect(checkAddress(text)).toEqual({ allowed: true, address, family });
  });

  it("names that are not addresses are left to DNS, and refused if judged as an address", () => {
    for (const name of ["ftp.example.com", "localhost", "127.0.0.1.", "08.0.0.1", "1.2.3.4.5"]) {
      expect(parseAddressLiteral(name)).toBeNull();
      expect(checkAddress(name)).toMatchObject({ allowed: false, range: "invalid" });
    }
  });
});

describe("clientLimitKey", () => {
  test("IPv4 as itself, IPv4-mapped IPv6 as its IPv4, other IPv6 by its /64", () => {
    expect(clientLimitKey("198.51.100.7")).toBe("198.51.100.7");
    expect(clientLimitKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientLimitKey("2001:db8:1:2::a")).toBe(clientLimitKey("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(clientLimitKey("[2001:db8:1:2::a]")).toBe("2001:db8:1:2::/64");
    expect(clientLimitKey("2001:db8:1:3::a")).not.toBe(clientLimitKey("2001:db8:1:2::a"));
    expect(clientLimitKey("not an address")).toBe("not an address");
  });
});
