/**
 * The admin dashboard's calls (spec 002 section 7 "Dashboard", decision 022): the daily reports,
 * the orders waiting for a confirmation, and the offers admins edit. Every one is for admins.
 */
import { api } from '@/lib/api';
import type { ApiSchemas } from '@/lib/api/types';
import type { Purchase } from '@/lib/purchases';

const JSON_API = 'application/vnd.api+json';

/** Spec 002 section 9: the dashboard reads the last 30 days of reports. */
export const REPORT_PAGE_LIMIT = 30;

export type ReportResource = ApiSchemas['ReportResource'];

/** `GET jsonapi/dashboard_report/dashboard_report?sort=-report_date&page[limit]=30`: newest first. */
export async function loadReports(signal?: AbortSignal): Promise<ReportResource[]> {
  const query = new URLSearchParams({ sort: '-report_date', 'page[limit]': String(REPORT_PAGE_LIMIT) });
  const list = await api.request<ApiSchemas['ReportList']>(`/jsonapi/dashboard_report/dashboard_report?${query.toString()}`, {
    signal,
    mediaType: JSON_API,
  });
  return list.data;
}

/** `GET api/purchases`: every client's orders waiting for an admin's confirmation, oldest first. */
export function loadOpenPurchases(signal?: AbortSignal): Promise<Purchase[]> {
  return api.request<Purchase[]>('/api/purchases?status=pending', { signal });
}

/** A credit bundle as admins edit it: price in cents, exclusive of VAT. */
export type BundleOffer = ApiSchemas['BundleOffer'];

/** `GET api/credit-bundles`: every bundle, also those not for sale. */
export function loadBundleOffers(signal?: AbortSignal): Promise<BundleOffer[]> {
  return api.request<BundleOffer[]>('/api/credit-bundles', { signal });
}

/** What an admin sets of a bundle. */
export interface BundleInput {
  name: string;
  credits: number;
  price: number;
  enabled: boolean;
  position: number;
}

/** `POST api/credit-bundles`: a new bundle. */
export function createBundleOffer(bundle: BundleInput): Promise<BundleOffer> {
  return api.request<BundleOffer>('/api/credit-bundles', { method: 'POST', json: bundle });
}

/** `PATCH api/credit-bundles/{id}`: a bundle changed; orders already made keep what they bought. */
export function updateBundleOffer(id: string, bundle: BundleInput): Promise<BundleOffer> {
  return api.request<BundleOffer>(`/api/credit-bundles/${encodeURIComponent(id)}`, { method: 'PATCH', json: bundle });
}

/** A module offer as admins edit it: price in cents, exclusive of VAT. */
export type ModuleOfferEdit = ApiSchemas['ModuleOfferJson'];

/** `GET api/module-offers`: every module's offer. */
export function loadModuleOfferEdits(signal?: AbortSignal): Promise<ModuleOfferEdit[]> {
  return api.request<ModuleOfferEdit[]>('/api/module-offers', { signal });
}

/** What an admin sets of a module's offer. */
export interface ModuleInput {
  name: string;
  description: string;
  price: number;
  enabled: boolean;
}

/** `PATCH api/module-offers/{module}`. */
export function updateModuleOffer(module: string, offer: ModuleInput): Promise<ModuleOfferEdit> {
  return api.request<ModuleOfferEdit>(`/api/module-offers/${encodeURIComponent(module)}`, { method: 'PATCH', json: offer });
}
