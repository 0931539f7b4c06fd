/**
 * What a page opened from a personal link shows before its record is here: the problem, when the
 * load failed (a stale or wrong link), else a loading note. Both are announced.
 */
export function LoadingOrProblem({ problem, loading }: { problem: string | null; loading: string }) {
  return problem ? (
    <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 font-semibold text-red-800">
      {problem}
    </p>
  ) : (
    <p role="status">{loading}</p>
  );
}
