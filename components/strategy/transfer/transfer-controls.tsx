"use client";
// Export and Import on the strategy list (business.md 2 "Export"): the
// buttons and their dialogs. Import is offered only to users who may write;
// the server refuses everyone else anyway.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ExportDialog, type CampaignOption } from "./export-dialog";
import { ImportDialog } from "./import-dialog";

export interface StrategyTransferControlsProps {
  campaigns: CampaignOption[];
  defaultRange: { from: string; to: string };
  canImport: boolean;
}

export function StrategyTransferControls({ campaigns, defaultRange, canImport }: StrategyTransferControlsProps) {
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" onClick={() => setExporting(true)} data-testid="strategy-export-open">
        Export
      </Button>
      {canImport ? (
        <Button type="button" onClick={() => setImporting(true)} data-testid="strategy-import-open">
          Import
        </Button>
      ) : null}
      <ExportDialog open={exporting} onOpenChange={setExporting} campaigns={campaigns} defaultRange={defaultRange} />
      {canImport ? <ImportDialog open={importing} onOpenChange={setImporting} /> : null}
    </div>
  );
}
