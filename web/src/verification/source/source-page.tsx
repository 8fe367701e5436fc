/** /verification/{id}/source: each source's raw answer beside what was mapped from it (being built). */
export function VerificationSourcePage() {
  return <div className="dv-page">Sources</div>;
}
