/** "Online" with a green dot: the word carries the meaning, the dot only echoes it. */
export function OnlineStatus() {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium text-green-700">
      <span
        aria-hidden="true"
        className="h-2 w-2 rounded-full bg-green-500 ring-2 ring-green-100"
      />
      Online
    </span>
  );
}
