/**
 * A report's attachment, read with the session's token and shown from a blob: URL: images inline, PDFs in a
 * frame, and a download link either way. Only the kinds the bugs service accepts are previewed, typed by the
 * report's own metadata, never by what the reply claims.
 */
import { type BugAttachmentInfo } from '@dv/contracts';
import { useEffect, useMemo, useState } from 'react';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { fileSizeText } from './bug-attachment';
import { LoadError } from '../ui/load-error';
import { useBugAttachment } from './management-bugs-api';

export type AttachmentPreviewProps = {
  reportId: string;
  attachment: BugAttachmentInfo;
};

/** The blob's object URL while it is shown; revoked when it changes or the page goes. */
function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

export function AttachmentPreview({ reportId, attachment }: AttachmentPreviewProps) {
  const bytes = useBugAttachment(reportId);
  // One Blob per reply, so the object URL is not made anew on every render.
  const blob = useMemo(
    () => (bytes.data ? new Blob([bytes.data], { type: attachment.mime }) : undefined),
    [bytes.data, attachment.mime],
  );
  const url = useObjectUrl(blob);
  const label = `Attachment ${attachment.fileName}`;

  if (bytes.isError) {
    return <LoadError title="The attachment could not be loaded." onRetry={() => void bytes.refetch()} />;
  }
  if (!url) return <PlaceholderLines rows={3} label="Loading the attachment" />;
  return (
    <>
      <p className="dv-para dv-bug-detail__download">
        <a href={url} download={attachment.fileName}>
          Download {attachment.fileName}
        </a>{' '}
        <span className="dv-text-secondary">({fileSizeText(attachment.size)})</span>
      </p>
      {attachment.mime === 'application/pdf' ? (
        <iframe className="dv-pdf" title={label} src={url} />
      ) : (
        <img className="dv-bug-detail__image" alt={label} src={url} />
      )}
    </>
  );
}
