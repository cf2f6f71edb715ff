/* rf-race-pairs: every racing pair of access statements of a variable, not only the
 * one a witness shows.
 *
 * Approach. An access statement of data var v is a source location and a kind (read
 * or write); the net has one access place per access edge (the control place between
 * the begin and the end of the access: rf_race_access_places), so one statement may
 * have several (a function inlined twice). Two threads are in statements A and B at
 * once exactly when some marking covers {pa, pb} for an access place pa of A and pb of
 * B (pa == pb: two tokens there), so each pair of statements with a write is one
 * coverability question whose targets are those markings, less the pairs an rwlock
 * claim excludes (as rf_race_targets leaves them out). The pair of the verdict's own
 * witness is known to race; a pair whose every target the quick arguments exclude
 * (rf_race_quick_pair_excluded: one thread, alone, a lock) cannot race, with no
 * search; the others are searched in (a, b) order, at most RF_RACE_MAX_PAIRS of them,
 * each with the run's budget capped at RF_RACE_PAIR_MAX_MARKINGS markings and a
 * RF_RACE_MAX_PAIRS-th of its time per variable (all of a variable's pairs together take
 * at most what its own search may), so that listing the pairs never costs more than a
 * bounded number of bounded searches; the rest are only counted, and what a search
 * does not decide is unknown. A run with a total time budget (a deadline) searches no
 * pair: its time goes to the verdicts of the variables still to come. Like the
 * verdict's own search, a pair is searched on the net focused on its variable (the
 * same answer, rf_netbuild_focus), its statements found there by location and kind;
 * a witness's steps are counted on the whole net. */
#include "rf-race.h"
#include "rf-netbuild.h"
#include "rf-race-focus.h"

#include <string.h>

/* Stmt: one access statement: its location and kind, and its access places. */
typedef struct {
  RfLoc loc;
  gboolean write;
  GArray *places;   /* guint */
} Stmt;

static int
loc_cmp (RfLoc a, RfLoc b)
{
  int c = g_strcmp0 (a.file, b.file);
  if (c)
    return c;
  if (a.line != b.line)
    return a.line < b.line ? -1 : 1;
  return (a.col > b.col) - (a.col < b.col);
}

static int
stmt_cmp (gconstpointer x, gconstpointer y)
{
  const Stmt *a = x, *b = y;
  int c = loc_cmp (a->loc, b->loc);
  return c ? c : (a->write - b->write);
}

static void
stmt_clear (gpointer p)
{
  g_array_unref (((Stmt *) p)->places);
}

/* The access statements of VAR in NET, sorted (stmt_cmp). */
static GArray *
statements (const RfNet *net, guint var)
{
  GArray *stmts = g_array_new (FALSE, FALSE, sizeof (Stmt));
  g_array_set_clear_func (stmts, stmt_clear);
  g_autoptr (GArray) acc = rf_race_access_places (net, var);
  for (guint i = 0; i < acc->len; i++)
    {
      const RfAccessPlace *ap = &g_array_index (acc, RfAccessPlace, i);
      RfLoc loc = rf_net_get_place (net, ap->place)->loc;
      Stmt *st = NULL;
      for (guint k = 0; k < stmts->len && !st; k++)
        {
          Stmt *o = &g_array_index (stmts, Stmt, k);
          if (o->write == ap->write && loc_cmp (o->loc, loc) == 0)
            st = o;
        }
      if (!st)
        {
          Stmt n = { loc, ap->write, g_array_new (FALSE, FALSE, sizeof (guint)) };
          g_array_append_val (stmts, n);
          st = &g_array_index (stmts, Stmt, stmts->len - 1);
        }
      g_array_append_val (st->places, ap->place);
    }
  g_array_sort (stmts, stmt_cmp);
  return stmts;
}

/* The targets of the pair (A, B): {pa, pb} for each access place pa of A and pb of B
 * that no rwlock claim excludes, {pa*2} for one place of both; when QUICK is non-NULL,
 * only those its arguments do not exclude either. RfMarking*, owned; empty when every
 * pair is excluded. *CLAIMED: whether some pair is left for QUICK's arguments only
 * (not for an rwlock claim). */
static GPtrArray *
pair_targets (const RfNet *net, const RfRaceQuick *quick, const Stmt *a, const Stmt *b, gboolean *claimed)
{
  GPtrArray *targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  *claimed = FALSE;
  for (guint i = 0; i < a->places->len; i++)
    for (guint j = a == b ? i : 0; j < b->places->len; j++)
      {
        guint pa = g_array_index (a->places, guint, i), pb = g_array_index (b->places, guint, j);
        if (rf_net_rwlock_excludes (net, pa, pb))
          continue;
        *claimed = TRUE;
        if (quick && rf_race_quick_pair_excluded (quick, pa, pb))
          continue;
        RfToken pair[2] = { { MIN (pa, pb), pa == pb ? 2 : 1 }, { MAX (pa, pb), 1 } };
        g_ptr_array_add (targets, rf_marking_new (pair, pa == pb ? 1 : 2));
      }
  return targets;
}

void
rf_race_verdict_pair (const RfRaceVerdict *rv, const RfRaceSite **lead, const RfRaceSite **other)
{
  *lead = *other = NULL;
  if (!rv->sites || rv->sites->len == 0)
    return;
  *lead = &g_array_index (rv->sites, RfRaceSite, rv->lead);
  for (guint k = 0; k < rv->sites->len && !*other; k++)
    if (k != rv->lead)
      *other = &g_array_index (rv->sites, RfRaceSite, k);
}

/* Whether racing access S is at statement ST. */
static gboolean
site_at (const RfRaceSite *s, const Stmt *st)
{
  return s->write == st->write && loc_cmp (s->loc, st->loc) == 0;
}

/* The statement of STMTS (sorted, stmt_cmp) at ST's location and kind, or NULL. */
static const Stmt *
find_stmt (GArray *stmts, const Stmt *st)
{
  for (guint k = 0; k < stmts->len; k++)
    if (stmt_cmp (&g_array_index (stmts, Stmt, k), st) == 0)
      return &g_array_index (stmts, Stmt, k);
  return NULL;
}

/* The search for pair (SA, SB) of NET's statements, TARGETS the pair's targets there:
 * on FNET, the net focused on the variable, when non-NULL (FSTMTS its statements; the
 * same verdict, rf_netbuild_focus), with the steps of a witness counted in NET
 * (rf_race_focus_expand). Fills P's verdict and steps. */
static void
search_pair (const RfNet *net, GPtrArray *targets, const RfNet *fnet, GArray *fstmts, guint var, const Stmt *sa,
             const Stmt *sb, const RfCoverBudget *b, RfRacePair *p)
{
  const Stmt *fa = fnet ? find_stmt (fstmts, sa) : NULL, *fb = fnet ? find_stmt (fstmts, sb) : NULL;
  gboolean claimed;
  g_autoptr (GPtrArray) ftargets = fa && fb ? pair_targets (fnet, NULL, fa, fb, &claimed) : NULL;
  const RfNet *on = ftargets && ftargets->len > 0 ? fnet : net;
  g_autoptr (RfCoverResult) r = rf_cover_run (on, on == net ? targets : ftargets, b);
  p->verdict = r->verdict;
  if (r->verdict != RF_COVER_UNSAFE || !r->witness)
    return;
  p->steps = r->witness->steps->len;
  if (on == fnet)
    {
      g_autoptr (RfWitness) w = rf_race_focus_expand (fnet, net, var, r->witness, NULL);
      if (w)
        p->steps = w->steps->len;
    }
}

void
rf_race_find_pairs (const RfProgram *prog, const RfNet *net, const RfRaceQuick *quick, RfRaceVerdict *rv,
                    const RfCoverBudget *budget, gboolean focus)
{
  if (!rv->result || rv->result->verdict != RF_COVER_UNSAFE || rv->pairs)
    return;
  rv->pairs = g_array_new (FALSE, FALSE, sizeof (RfRacePair));
  g_autoptr (GArray) stmts = statements (net, rv->var);
  g_autoptr (RfNet) fnet = NULL;
  g_autoptr (GArray) fstmts = NULL;
  const RfRaceSite *lead, *other;
  rf_race_verdict_pair (rv, &lead, &other);
  RfCoverBudget b = budget ? *budget : (RfCoverBudget) { 0 };
  b.certify = FALSE;
  if (b.max_markings == 0 || b.max_markings > RF_RACE_PAIR_MAX_MARKINGS)
    b.max_markings = RF_RACE_PAIR_MAX_MARKINGS;
  /* the pairs of a variable together take at most its own time budget, and none of a
   * run's total one (the verdicts of the variables after it come first) */
  b.timeout_s /= RF_RACE_MAX_PAIRS;
  guint max_searches = b.deadline_us ? 0 : RF_RACE_MAX_PAIRS;
  g_autofree char *label = g_strdup_printf ("%s (pairs)", rv->name);
  b.progress_label = label;
  guint searched = 0;
  for (guint i = 0; i < stmts->len; i++)
    for (guint j = i; j < stmts->len; j++)
      {
        const Stmt *sa = &g_array_index (stmts, Stmt, i), *sb = &g_array_index (stmts, Stmt, j);
        if (!sa->write && !sb->write)
          continue;
        gboolean claimed;
        g_autoptr (GPtrArray) targets = pair_targets (net, quick, sa, sb, &claimed);
        if (!claimed)
          continue;   /* an rwlock claim excludes every pair of places */
        RfRacePair p = { sa->loc, sb->loc, sa->write, sb->write, RF_COVER_SAFE, FALSE, FALSE, 0 };
        if (lead && other && ((site_at (lead, sa) && site_at (other, sb)) || (site_at (lead, sb) && site_at (other, sa))))
          {
            p.verdict = RF_COVER_UNSAFE;
            p.witness = TRUE;
            p.steps = rv->interleaving->steps->len;
          }
        else if (targets->len > 0 && searched >= max_searches)
          {
            rv->pairs_unchecked++;
            continue;
          }
        else if (targets->len > 0)
          {
            searched++;
            p.searched = TRUE;
            if (focus && !fnet)
              {
                fnet = rf_netbuild_focus (prog, rv->var);
                fstmts = statements (fnet, rv->var);
              }
            search_pair (net, targets, fnet, fstmts, rv->var, sa, sb, &b, &p);
          }
        g_array_append_val (rv->pairs, p);
      }
}
