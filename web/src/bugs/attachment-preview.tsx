/**
 * A report's attachment, read with the session's token and shown from a blob: URL: images inline, PDFs in a
 * frame, and a download link either way. Only the kinds the bugs service accepts are previewed, typed by the
 * report's own metadata, never by what the reply claims.
 */
import { type BugAttachmentInfo } from '@dv/contracts';
import { Alert, Button, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { fileSizeText } from './bug-attachment';
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
    return (
      <Alert
        type="error"
        role="alert"
        showIcon
        title="The attachment could not be loaded."
        action={
          <Button size="small" onClick={() => void bytes.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!url) return <Spin aria-label="Loading the attachment" />;
  return (
    <>
      <Typography.Paragraph>
        <a href={url} download={attachment.fileName}>
          Download {attachment.fileName}
        </a>{' '}
        <Typography.Text type="secondary">({fileSizeText(attachment.size)})</Typography.Text>
      </Typography.Paragraph>
      {attachment.mime === 'application/pdf' ? (
        <iframe className="dv-pdf" title={label} src={url} />
      ) : (
        <img className="dv-bug-detail__image" alt={label} src={url} />
      )}
    </>
  );
}
