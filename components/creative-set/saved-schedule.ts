// A saved schedule of ISO text as the schema's Dates (the set form and the reschedule dialog).
export const savedSchedule = (saved: { startTime: string | null; endTime: string | null }) => ({
  startTime: saved.startTime ? new Date(saved.startTime) : null,
  endTime: saved.endTime ? new Date(saved.endTime) : null,
});
