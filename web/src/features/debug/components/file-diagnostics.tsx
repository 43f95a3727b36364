import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useState, type ChangeEvent } from 'react';
import { formatBytes, formatTimestamp } from '@/lib/format';
import { nl } from '@/messages/nl';

interface PickedFile {
  name: string;
  type: string;
  size: number;
  lastModified: number;
}

/**
 * File pickers as the form's file fields use them: one with `capture` (iOS opens the camera
 * directly) and one without (iOS offers library, camera and Files). Shows what the browser
 * hands over, which differs per iOS version (HEIC or JPEG, empty type, size after resizing).
 */
export function FileDiagnostics() {
  const [files, setFiles] = useState<PickedFile[]>([]);

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const list = Array.from(event.target.files ?? []);
    setFiles(list.map((file) => ({ name: file.name, type: file.type, size: file.size, lastModified: file.lastModified })));
    // Picking the same file again must fire change again.
    event.target.value = '';
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" component="label" startIcon={<PhotoCameraIcon />}>
          {nl.debug.filePhotoLabel}
          <input hidden type="file" accept="image/*" capture="environment" onChange={picked} />
        </Button>
        <Button variant="outlined" component="label" startIcon={<AttachFileIcon />}>
          {nl.debug.fileAnyLabel}
          <input hidden type="file" multiple onChange={picked} />
        </Button>
      </Stack>
      {files.length === 0 ? (
        <Typography color="text.secondary">{nl.debug.fileNone}</Typography>
      ) : (
        files.map((file, index) => (
          <Box key={`${file.name}-${index}`} component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}>
            <Box component="dt" sx={{ fontWeight: 500 }}>{nl.debug.fileName}</Box>
            <Box component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>{file.name}</Box>
            <Box component="dt" sx={{ fontWeight: 500 }}>{nl.debug.fileType}</Box>
            <Box component="dd" sx={{ m: 0 }}>{file.type || nl.debug.unknown}</Box>
            <Box component="dt" sx={{ fontWeight: 500 }}>{nl.debug.fileSize}</Box>
            <Box component="dd" sx={{ m: 0 }}>{`${formatBytes(file.size)} (${file.size} B)`}</Box>
            <Box component="dt" sx={{ fontWeight: 500 }}>{nl.debug.fileLastModified}</Box>
            <Box component="dd" sx={{ m: 0 }}>{formatTimestamp(new Date(file.lastModified).toISOString())}</Box>
          </Box>
        ))
      )}
    </Stack>
  );
}
