/** Hands the browser a file to save, as a download link clicked on the person's behalf (the CSV exports). */
export function downloadFile(name: string, parts: string[], type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL only has to outlive this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
