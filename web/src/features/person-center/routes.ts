/** Pages of other features the centre links to (built elsewhere: real-name and enterprise verification, withdraw). */
export const REALNAME_ROUTE = '/realidcation';
export const WITHDRAW_ROUTE = '/person-center/withdraw';
export const WORK_LIST_ROUTE = '/work-management/list';
