/** /verification/{id}: the verification workspace (being built). */
export function VerificationPage() {
  return <div className="dv-page">Verification</div>;
}
