import {
  type Announcement,
  type AnnouncementBody,
  type AnnouncementListQuerySchema,
  type Asset,
  type AssetAssignment,
  type AssetAssignmentBody,
  type AssetAssignmentListQuerySchema,
  type AssetBody,
  type AssetListQuerySchema,
  type AssetReturnBody,
  type Division,
  type DivisionDropdownResponseSchema,
  type DivisionListQuerySchema,
  DropdownQuerySchema,
  type EmployeeDropdownItemSchema,
  type EmployeeSummary,
  type PageMeta,
  type ReportingManagers,
  type ReportingRole,
  type ReportingRoleBody,
} from '@hr/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiParams } from '../../../components/data-table';
import { apiClient, unwrap } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toasts';

export type Page<T> = { items: T[]; meta: PageMeta };
/** A list's query as the contract declares it (what the client sends: before coercion). */
type QueryOf<S extends z.ZodType> = z.input<S>;
export type DivisionListParams = QueryOf<typeof DivisionListQuerySchema>;
export type AssetListParams = QueryOf<typeof AssetListQuerySchema>;
export type AssignmentListParams = QueryOf<typeof AssetAssignmentListQuerySchema>;
export type AnnouncementListParams = QueryOf<typeof AnnouncementListQuerySchema>;

async function fetchPage<T>(url: string, params: object): Promise<Page<T>> {
  const res = await apiClient.get<{ data: T[]; meta: PageMeta }>(url, {
    params: apiParams(params as Record<string, unknown>),
  });
  return { items: res.data.data, meta: res.data.meta };
}

/** A mutation that toasts the server's message and refreshes the given query keys. */
function useAction<V, R = unknown>(fn: (v: V) => Promise<{ message: string; data: R }>, keys: string[][]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => {
      toastSuccess(res.message);
      for (const key of keys) void qc.invalidateQueries({ queryKey: key });
    },
  });
}
const body = async <R>(p: Promise<{ data: { message: string; data: R } }>) => (await p).data;

// ---- Divisions ----
export const useDivisions = (params: DivisionListParams) =>
  useQuery({
    queryKey: ['org', 'divisions', params],
    queryFn: () => fetchPage<Division>('/division', params),
    placeholderData: keepPreviousData,
  });
export const useDivisionDropdown = () =>
  useQuery({
    queryKey: ['org', 'division-dropdown'],
    queryFn: () =>
      unwrap<z.infer<typeof DivisionDropdownResponseSchema>['data']>(apiClient.get('/division/dropdown')),
  });
const DIV_KEYS = [['org', 'divisions'], ['org', 'division-dropdown'], ['employees']];
export const useSaveDivision = () =>
  useAction(
    (v: { id?: string; name: string; description?: string }) =>
      body(
        v.id
          ? apiClient.put(`/division/${v.id}`, { name: v.name, description: v.description })
          : apiClient.post('/division', { name: v.name, description: v.description }),
      ),
    DIV_KEYS,
  );
export const useDeleteDivision = () =>
  useAction((id: string) => body(apiClient.delete(`/division/${id}`)), DIV_KEYS);
export const useSaveUnit = () =>
  useAction(
    (v: { divisionId: string; unitId?: string; name: string }) =>
      body(
        v.unitId
          ? apiClient.put(`/division/${v.divisionId}/division-unit/${v.unitId}`, { name: v.name })
          : apiClient.post(`/division/${v.divisionId}/division-unit`, { name: v.name }),
      ),
    DIV_KEYS,
  );
export const useDeleteUnit = () =>
  useAction(
    (v: { divisionId: string; unitId: string }) =>
      body(apiClient.delete(`/division/${v.divisionId}/division-unit/${v.unitId}`)),
    DIV_KEYS,
  );
export const useMoveEmployees = () =>
  useAction(
    (v: { divisionId: string; unitId: string; employeeIds: string[] }) =>
      body(
        apiClient.post(`/division/${v.divisionId}/division-unit/${v.unitId}/employee`, {
          employee_ids: v.employeeIds,
        }),
      ),
    DIV_KEYS,
  );
export const useRemoveFromUnit = () =>
  useAction(
    (v: { divisionId: string; unitId: string; employeeId: string }) =>
      body(apiClient.delete(`/division/${v.divisionId}/division-unit/${v.unitId}/employee/${v.employeeId}`)),
    DIV_KEYS,
  );

export type UnitMember = EmployeeSummary;
export const useUnitMembers = (unitId: string | null) =>
  useQuery({
    queryKey: ['employees', 'unit', unitId],
    enabled: !!unitId,
    queryFn: async () =>
      (await fetchPage<UnitMember>('/employee', { page: 1, records: 100, unit_id: unitId ?? undefined }))
        .items,
  });

// ---- Employee options (GET employee/dropdown) ----
export type EmployeeOption = { value: string; label: string };
type EmployeeDropdownItem = z.infer<typeof EmployeeDropdownItemSchema>;
/**
 * The most people one dropdown call may ask for, read from the contract so that the web never asks
 * for more than the API accepts (asking 500 of a 200 limit answered 400).
 */
export const DROPDOWN_RECORDS = DropdownQuerySchema.shape.records.unwrap().maxValue ?? 50;
const toOption = (e: EmployeeDropdownItem): EmployeeOption => ({
  value: e.id,
  label: `${e.name} (${e.employee_code})`,
});
/** Employees to pick from. A failed load is an error of the query (shown by the select), not an empty list. */
export const useEmployeeOptions = () =>
  useQuery({
    queryKey: ['employees', 'options'],
    staleTime: 60_000,
    queryFn: async (): Promise<EmployeeOption[]> =>
      (
        await unwrap<EmployeeDropdownItem[]>(
          apiClient.get('/employee/dropdown', { params: { records: DROPDOWN_RECORDS } }),
        )
      ).map(toOption),
  });

// ---- Reporting ----
export const useReportingRoles = () =>
  useQuery({
    queryKey: ['org', 'reporting-roles'],
    queryFn: () => unwrap<ReportingRole[]>(apiClient.get('/reporting-role')),
  });
const RR_KEYS = [
  ['org', 'reporting-roles'],
  ['org', 'reporting-managers'],
];
export const useSaveReportingRole = () =>
  useAction(
    (v: ReportingRoleBody & { id?: string }) =>
      body(
        v.id
          ? apiClient.put(`/reporting-role/${v.id}`, { name: v.name, priority: v.priority })
          : apiClient.post('/reporting-role', v),
      ),
    RR_KEYS,
  );
export const useDeleteReportingRole = () =>
  useAction((id: string) => body(apiClient.delete(`/reporting-role/${id}`)), RR_KEYS);
export const useReportingManagers = (employeeId: string | null) =>
  useQuery({
    queryKey: ['org', 'reporting-managers', employeeId],
    enabled: !!employeeId,
    queryFn: () =>
      unwrap<ReportingManagers>(apiClient.get('/reporting-manager', { params: { employee_id: employeeId } })),
  });
export const useSaveReportingManagers = () =>
  useAction(
    (v: { employeeId: string; managers: { reporting_role_id: string; manager_id: string }[] }) =>
      body(apiClient.put(`/reporting-manager/${v.employeeId}`, { managers: v.managers }, { silent: true })),
    [...RR_KEYS, ['employees']],
  );

// ---- Assets ----
export const useAssets = (params: AssetListParams) =>
  useQuery({
    queryKey: ['org', 'assets', params],
    queryFn: () => fetchPage<Asset>('/asset', params),
    placeholderData: keepPreviousData,
  });
const ASSET_KEYS = [
  ['org', 'assets'],
  ['org', 'assignments'],
];
export const useSaveAsset = () =>
  useAction((v: AssetBody & { id?: string }) => {
    const { id, ...rest } = v;
    return body(id ? apiClient.put(`/asset/${id}`, rest) : apiClient.post('/asset', rest));
  }, ASSET_KEYS);
export const useDeleteAsset = () =>
  useAction((id: string) => body(apiClient.delete(`/asset/${id}`)), ASSET_KEYS);
export const useAssignments = (params: AssignmentListParams) =>
  useQuery({
    queryKey: ['org', 'assignments', params],
    queryFn: () => fetchPage<AssetAssignment>('/asset-assignment', params),
    placeholderData: keepPreviousData,
  });
export const useIssueAsset = () =>
  useAction((v: AssetAssignmentBody) => body(apiClient.post('/asset-assignment', v)), ASSET_KEYS);
export const useReturnAsset = () =>
  useAction((v: AssetReturnBody & { id: string }) => {
    const { id, ...rest } = v;
    return body(apiClient.put(`/asset-assignment/${id}/return`, rest));
  }, ASSET_KEYS);

// ---- Announcements ----
export const useAnnouncements = (params: AnnouncementListParams) =>
  useQuery({
    queryKey: ['org', 'announcements', params],
    queryFn: () => fetchPage<Announcement>('/announcement', params),
    placeholderData: keepPreviousData,
  });
const ANN_KEYS = [
  ['org', 'announcements'],
  ['announcements', 'current'],
];
export const useSaveAnnouncement = () =>
  useAction((v: AnnouncementBody & { id?: string }) => {
    const { id, ...rest } = v;
    return body(id ? apiClient.put(`/announcement/${id}`, rest) : apiClient.post('/announcement', rest));
  }, ANN_KEYS);
export const useDeleteAnnouncement = () =>
  useAction((id: string) => body(apiClient.delete(`/announcement/${id}`)), ANN_KEYS);
export const useCurrentAnnouncements = () =>
  useQuery({
    queryKey: ['announcements', 'current'],
    queryFn: () => unwrap<Announcement[]>(apiClient.get('/announcement/current')),
  });
