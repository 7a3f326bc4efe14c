import { GetDashboardTool } from './get-dashboard.tool.ts';
import { GetDashboardsTool } from './get-dashboards.tool.ts';

/** Dashboards (`dashboards` toolset, off by default): the list, and one with its widgets. */
export function createDashboardTools() {
  return [new GetDashboardsTool(), new GetDashboardTool()];
}
