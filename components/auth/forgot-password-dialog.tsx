"use client";
// 'Forgot your password?' on the sign-in form: passwords are reset by an
// administrator, so the dialog says whom to ask.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/modal";

export function ForgotPasswordDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" onClick={() => setOpen(true)}>
        Forgot your password?
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Reset password"
        description="Please contact your administrator to reset your password!!"
        width="min(92vw, 420px)"
        testId="forgot-password-dialog"
        footer={
          <ModalClose asChild>
            <Button variant="primary">Ok</Button>
          </ModalClose>
        }
      />
    </>
  );
}
