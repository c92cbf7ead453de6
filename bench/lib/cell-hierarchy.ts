import type { BenchContext } from './scenario.ts';

/**
 * A chain of `depth` commission cells (the first the top, each next one its child), every seat
 * filled by a new user, for the issue-19 scenarios. `seatUserIds[i]` sits at position i of the
 * deepest cell, except that `deepestSeat` (when given) takes position `deepestSeat.position` there.
 * Returns the cells top first.
 */
export async function createFullCellChain(
  ctx: BenchContext,
  label: string,
  depth: number,
  deepestSeat?: { userId: string; position: number },
): Promise<string[]> {
  const cells: string[] = [];
  for (let level = 0; level < depth; level += 1) {
    const parent = cells.at(-1) ?? null;
    const { rows } = await ctx.sql(
      `insert into commission_cells (name, parent_cell_id, created_at, updated_at) values ($1, $2, now(), now()) returning id`,
      [`${label} level ${level + 1}`, parent],
    );
    const cellId = (rows[0] as { id: string }).id;
    cells.push(cellId);
    const isDeepest = level === depth - 1;
    await ctx.sql(
      `with seated as (
         insert into users (email, name, roles, active_role, status, referral_code, created_at)
         select $2 || '-' || $3::int || '-' || p || '@cells.bench', 'Cell member ' || $3::int || '.' || p, array['affiliate'], 'affiliate', 'active',
                upper(substr(md5($2 || $3::int || p), 1, 12)), now()
         from generate_series(0, 12) p
         where not ($4::boolean and p = $5::int)
         returning id, split_part(split_part(email, '@', 1), '-', 3)::int as position
       )
       insert into commission_cell_members (cell_id, user_id, position, assigned_at)
       select $1::uuid, id, position, now() from seated`,
      [cellId, label.toLowerCase().replace(/\W+/g, '_'), level, isDeepest && deepestSeat !== undefined, deepestSeat?.position ?? -1],
    );
    if (isDeepest && deepestSeat) {
      await ctx.sql(`insert into commission_cell_members (cell_id, user_id, position, assigned_at) values ($1, $2, $3, now())`, [cellId, deepestSeat.userId, deepestSeat.position]);
    }
  }
  await ctx.sql('analyze commission_cells; analyze commission_cell_members; analyze users');
  return cells;
}
