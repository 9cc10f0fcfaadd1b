/** Interface texts of file uploads (spec §4 File upload task states); merged into `ui-strings.ts`. */
export const uploadsStringsEn = {
  upload_progress_label: 'Upload',
  upload_progress_bytes: '{{sent}} of {{total}} MB',
  upload_state_running: 'Uploading',
  upload_state_pausing: 'Pausing',
  upload_state_paused: 'Paused',
  upload_state_success: 'Uploaded',
  upload_state_canceling: 'Canceling',
  upload_state_canceled: 'Canceled',
  upload_state_error: 'Upload failed',
  upload_pause: 'Pause',
  upload_resume: 'Resume',
  upload_cancel: 'Cancel upload',
  document_size_error: 'The image must be at most 20 MB.',
  document_constraint: 'JPEG, PNG or WebP, at most 20 MB. Large files are sent in parts and can be paused.',
} satisfies Record<string, string>;

export const uploadsStringsEs: Record<keyof typeof uploadsStringsEn, string> = {
  upload_progress_label: 'Subida',
  upload_progress_bytes: '{{sent}} de {{total}} MB',
  upload_state_running: 'Subiendo',
  upload_state_pausing: 'Pausando',
  upload_state_paused: 'En pausa',
  upload_state_success: 'Subido',
  upload_state_canceling: 'Cancelando',
  upload_state_canceled: 'Cancelado',
  upload_state_error: 'Error al subir',
  upload_pause: 'Pausar',
  upload_resume: 'Reanudar',
  upload_cancel: 'Cancelar subida',
  document_size_error: 'La imagen debe ocupar como máximo 20 MB.',
  document_constraint: 'JPEG, PNG o WebP, como máximo 20 MB. Los archivos grandes se envían por partes y se pueden pausar.',
};
