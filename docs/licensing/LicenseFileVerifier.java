import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Verifies an offline license file of the store with java.security alone (Ed25519 is built into
 * Java 15 and later). Read the JSON with your own library (Jackson, Gson); the two small regex
 * helpers at the end only keep this file free of dependencies.
 */
public final class LicenseFileVerifier {
  /** reason: malformed, algorithm, unknown-key, signature, expired or wrong-host. */
  public static final class LicenseFileException extends Exception {
    public final String reason;

    LicenseFileException(String reason, String message) {
      super(message);
      this.reason = reason;
    }
  }

  /** Returns the payload (JSON) if the file is genuine, not expired at `now` and names `hostname`. */
  public static String verify(String file, String publicKeyPem, Instant now, String hostname, String kind)
      throws LicenseFileException, GeneralSecurityException {
    String text = file.trim();
    String begin = "-----BEGIN LICENSE FILE-----", end = "-----END LICENSE FILE-----";
    if (!text.startsWith(begin) || !text.endsWith(end)) throw new LicenseFileException("malformed", "Not a license file");
    String cert = decode(text.substring(begin.length(), text.length() - end.length()));
    if (!"base64+ed25519".equals(string(cert, "alg"))) throw new LicenseFileException("algorithm", "Unsupported algorithm");
    String enc = string(cert, "enc"), sig = string(cert, "sig");
    if (enc == null || sig == null) throw new LicenseFileException("malformed", "The license file is corrupt");
    String payload = decode(enc);

    byte[] spki = decodeBase64(publicKeyPem.replaceAll("-----[A-Z ]+-----", ""));
    PublicKey key = KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(spki));
    String keyId = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(spki)).substring(0, 16);
    String fileKeyId = string(payload, "keyId");
    if (fileKeyId != null && !fileKeyId.equals(keyId)) throw new LicenseFileException("unknown-key", "Signed with another key: " + fileKeyId);

    Signature verifier = Signature.getInstance("Ed25519");
    verifier.initVerify(key);
    verifier.update(("license/" + enc).getBytes(StandardCharsets.UTF_8));
    if (!verifier.verify(decodeBase64(sig))) throw new LicenseFileException("signature", "The signature is not valid");

    String expiry = string(payload, "expiry"); // null: a perpetual license
    if (expiry != null && now.isAfter(Instant.parse(expiry))) throw new LicenseFileException("expired", "The license file has expired");
    List<String> hosts = strings(payload, "designer".equals(kind) ? "designerHosts" : "engineHosts");
    if (hosts.stream().noneMatch(h -> h.equalsIgnoreCase(hostname))) throw new LicenseFileException("wrong-host", "Not licensed for " + hostname);
    return payload;
  }

  /**
   * The features a verified payload licenses, in the file's order: TRUE for a bare feature, a Long for a
   * number (a limit, such as max-pages-per-document), a String for a token. A version 1 file (no
   * "entitlements") licenses none. Names and values never hold quotes or braces (docs/licensing.md).
   */
  public static Map<String, Object> entitlements(String payload) {
    Map<String, Object> out = new LinkedHashMap<>();
    Matcher object = Pattern.compile("\"entitlements\":\\{([^}]*)\\}").matcher(payload);
    if (!object.find()) return out;
    Matcher entry = Pattern.compile("\"([a-z0-9-]+)\":(true|\\d+|\"([^\"]*)\")").matcher(object.group(1));
    while (entry.find()) {
      String value = entry.group(2);
      out.put(entry.group(1), entry.group(3) != null ? entry.group(3) : "true".equals(value) ? Boolean.TRUE : Long.valueOf(value));
    }
    return out;
  }

  /** java LicenseFileVerifier public-key.pem license.lic 2026-12-01T00:00:00Z host [engine|designer] */
  public static void main(String[] args) throws Exception {
    String file = Files.readString(Path.of(args[1])), pem = Files.readString(Path.of(args[0]));
    try {
      String payload = verify(file, pem, Instant.parse(args[2]), args[3], args.length > 4 ? args[4] : "engine");
      Matcher id = Pattern.compile("\"licenseId\":(\\d+)").matcher(payload);
      List<String> features = new ArrayList<>();
      entitlements(payload).forEach((name, value) -> features.add(value == Boolean.TRUE ? name : name + "=" + value));
      System.out.println("valid " + (id.find() ? id.group(1) : "?") + " " + (features.isEmpty() ? "-" : String.join(",", features)));
    } catch (LicenseFileException e) {
      System.out.println("invalid " + e.reason + ": " + e.getMessage());
    }
  }

  private static byte[] decodeBase64(String text) throws LicenseFileException {
    try {
      return Base64.getDecoder().decode(text.replaceAll("\\s", ""));
    } catch (IllegalArgumentException e) {
      throw new LicenseFileException("malformed", "The license file is corrupt");
    }
  }

  private static String decode(String base64) throws LicenseFileException {
    return new String(decodeBase64(base64), StandardCharsets.UTF_8);
  }

  /** A top-level string field of the store's JSON (it escapes only \" and \\ in these fields). */
  private static String string(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\":\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(json);
    return m.find() ? m.group(1).replaceAll("\\\\(.)", "$1") : null;
  }

  private static List<String> strings(String json, String name) {
    List<String> out = new ArrayList<>();
    Matcher array = Pattern.compile("\"" + name + "\":\\[([^\\]]*)\\]").matcher(json);
    if (!array.find()) return out;
    Matcher item = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(array.group(1));
    while (item.find()) out.add(item.group(1).replaceAll("\\\\(.)", "$1"));
    return out;
  }
}
