"use client";
// The MMP postback part of the advertiser's SETTINGS tab: the URL the
// advertiser gives its MMP (AppsFlyer, Adjust, ...) with a macro per
// parameter, what each parameter means, and the postback key. The key is
// stored only hashed (lib/audiences/postback/keys.ts), so a newly generated
// key is shown this once, in the full URL; afterwards the URL shows a
// placeholder where it goes. Generating a key replaces the old one (asked
// first when there is one). Read-only users see no button, demo users (and
// everyone on an archived advertiser) a disabled one; the server refuses them anyway.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { rotatePostbackKeyAction } from "@/lib/audiences/postback/actions";
import { postbackUrlTemplate } from "@/lib/audiences/postback/schema";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import type { WriteControls } from "@/lib/list/types";
import { CodeSnippet } from "@/components/common/code-snippet";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { WarningNote } from "@/components/ui/warning-note";
import { NoticeLine, type SettingNotice } from "./ui";

export interface PostbackSectionProps {
  advertiserId: number;
  /** The console's public origin, where MMPs reach the endpoint. */
  origin: string;
  isSet: boolean;
  generatedAt: string | null;
  mode: WriteControls;
}

const PARAMETERS: Array<[string, string]> = [
  ["key", "The postback key below (required)."],
  ["event", "The in-app event name, e.g. af_purchase; stored lower-case, up to 64 characters (required)."],
  ["device_id", "The advertising id: IDFA on iOS, GAID on Android (required). Stored only as its SHA-256."],
  ["os", "ios or android (required): a Mobile audience reads the events of its OS."],
  ["country", "Two-letter country code (optional)."],
  ["value", "Revenue, a plain decimal number (optional)."],
  ["event_time", "When the event happened (optional, default: when received): Unix seconds or milliseconds, ISO 8601, or YYYY-MM-DD HH:MM:SS in UTC."],
];

export function PostbackSection({ advertiserId, origin, isSet, generatedAt, mode }: PostbackSectionProps) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [notice, setNotice] = useState<SettingNotice | null>(null);

  async function generate() {
    setBusy(true);
    setNotice(null);
    try {
      const result = await rotatePostbackKeyAction({ advertiserId });
      if (result.ok) {
        setNewKey(result.data.key);
        setNotice({ kind: "success", text: "Postback key generated" });
        router.refresh(); // the key's date comes with the page
      } else {
        setNotice({ kind: "error", text: result.formError ?? Object.values(result.fieldErrors ?? {})[0] ?? SERVER_ERROR_MESSAGE });
      }
    } catch {
      setNotice({ kind: "error", text: SERVER_ERROR_MESSAGE });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  const hasKey = isSet || newKey !== null;
  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="settings-mmp-postback">
      <div>
        <h2 className="text-sm font-semibold tracking-wide text-slate-800 uppercase">MMP postback</h2>
        <p className="mt-1 text-sm text-slate-600">
          Your MMP (AppsFlyer, Adjust, ...) sends the apps&apos; in-app events to this URL, server to server; they feed the advertiser&apos;s Mobile
          audiences (type MMP postback / rule based). Replace each {"{...}"} with your MMP&apos;s macro for it. GET, or POST with a JSON or form body.
        </p>
      </div>
      {newKey ? (
        <>
          <WarningNote testId="postback-key-once" emphasized>
            Copy the URL with the new key now: the key is not shown again. The previous key, if any, no longer works.
          </WarningNote>
          <CodeSnippet variant="inline" testId="postback-url-with-key" id="postback-url-with-key" title="Postback URL with your key" description="" code={postbackUrlTemplate(origin, advertiserId, newKey)} />
        </>
      ) : (
        <CodeSnippet variant="inline" testId="postback-url" id="postback-url" title="Postback URL" description="" code={postbackUrlTemplate(origin, advertiserId)} />
      )}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm" data-testid="postback-parameters">
        {PARAMETERS.map(([name, meaning]) => (
          <div key={name} className="contents">
            <dt className="font-mono text-slate-800">{name}</dt>
            <dd className="text-slate-600">{meaning}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-700" data-testid="postback-key-status">
          {hasKey ? `Postback key generated ${generatedAt && !newKey ? new Date(generatedAt).toLocaleString() : "now"}.` : "No postback key yet: postbacks are refused until one is generated."}
        </p>
        {mode === "hidden" ? null : (
          <Button
            variant="primary"
            data-testid="postback-key-generate"
            disabled={mode === "disabled" || busy}
            busy={busy}
            onClick={() => (hasKey ? setAsking(true) : void generate())}
          >
            {hasKey ? "Rotate key" : "Generate key"}
          </Button>
        )}
        <NoticeLine notice={notice} testId="postback-key-notice" />
      </div>
      <ConfirmDialog
        open={asking}
        message="A new key replaces the current one, which stops working at once: update the URL in your MMP right after. Continue?"
        busy={busy}
        onConfirm={() => void generate()}
        onCancel={() => setAsking(false)}
        testId="postback-key-confirm"
      />
    </section>
  );
}
