"use client";
// A panel of the shell named by ?panel= (activity logs, notifications: side
// sheets; account preferences: a dialog). Open while mounted; any way of
// closing it calls onClose, which drops ?panel= from the URL.
import { Modal, type ModalProps } from "@/components/ui/modal";

export function PanelDialog({ onClose, ...modal }: Omit<ModalProps, "open" | "onOpenChange"> & { onClose: () => void }) {
  return <Modal open onOpenChange={(open) => !open && onClose()} {...modal} />;
}
