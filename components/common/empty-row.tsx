// The one row of a table without rows ("No Pixel found."), the same in every
// list: full width, centred, test id empty-state.
export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-slate-500" data-testid="empty-state">
        {text}
      </td>
    </tr>
  );
}
