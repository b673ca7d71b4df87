import type { EmployeeDocument, ProfilePhotoResult } from '@hr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiClient } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/export';

type Envelope<T> = { status: number; message: string; data: T };

export const fileKeys = {
  documents: (employeeId: string) => ['files', 'documents', employeeId] as const,
  photo: (employeeId: string) => ['files', 'photo', employeeId] as const,
};

export function useDocuments(employeeId: string) {
  return useQuery({
    queryKey: fileKeys.documents(employeeId),
    queryFn: async () =>
      (
        await apiClient.get<Envelope<EmployeeDocument[]>>(`/employee/${employeeId}/documents`, {
          silent: true,
        })
      ).data.data,
  });
}

export function useUploadDocument(employeeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { title: string; file: File }) => {
      const form = new FormData();
      form.append('employee_id', employeeId);
      form.append('title', v.title);
      form.append('file', v.file);
      return (await apiClient.post<Envelope<EmployeeDocument>>('/upload/file', form, { silent: true })).data;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: fileKeys.documents(employeeId) }),
  });
}

export function useDeleteDocument(employeeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiClient.delete<Envelope<null>>(`/employee/document/${id}`)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: fileKeys.documents(employeeId) }),
  });
}

/** Saves a document through the API (the bearer token rides on the call), then lets the browser keep it. */
export async function downloadDocument(doc: EmployeeDocument): Promise<void> {
  const res = await apiClient.get<Blob>(`/employee/document/${doc.id}/download`, { responseType: 'blob' });
  downloadBlob(res.data, doc.file_name);
}

/**
 * The photo as an object URL (an <img src> cannot send the bearer token). `null` when the
 * employee has none; the URL is revoked when it changes or the component goes away.
 */
export function usePhotoUrl(employeeId: string, hasPhoto: boolean): string | null {
  const q = useQuery({
    queryKey: fileKeys.photo(employeeId),
    enabled: hasPhoto,
    retry: false,
    queryFn: async () =>
      (await apiClient.get<Blob>(`/employee/${employeeId}/photo`, { responseType: 'blob', silent: true }))
        .data,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!hasPhoto || !q.data) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(q.data);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [q.data, hasPhoto]);
  return url;
}

/** Own photo (self) or, for admins, another employee's. Refreshes the photo and the profile. */
export function useUploadPhoto(employeeId: string, self: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return (
        await apiClient.post<Envelope<ProfilePhotoResult>>('/upload/image/profile', form, {
          params: self ? undefined : { employee_id: employeeId },
          silent: true,
        })
      ).data;
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: fileKeys.photo(employeeId) });
      await qc.invalidateQueries({ queryKey: ['employees'] });
    },
  });
}
