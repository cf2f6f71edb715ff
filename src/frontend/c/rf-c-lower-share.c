/* rf-c-lower-share: one copy of a function's body per thread, when inlining every call
 * would make the model too large.
 *
 * Approach. The lowering inlines every call (rf-c-lower-call.c), so a thread's CFG
 * grows with the number of call paths: a chain of functions each calling the next
 * twice doubles it at every level. Before any job is lowered, the pre-pass estimates
 * each function's inlined size (its own statements and expressions, plus its
 * callees' inlined sizes, a call on a cycle counting nothing: it jumps back). When
 * some function's estimate passes LOWER_SHARE_BUDGET, functions are chosen to be
 * *shared*, greedily, the one whose copies weigh most first (copies beyond the first
 * in the largest expansion, times its size), until the largest expansion plus one
 * copy of each shared function fits the budget.
 *
 * A shared function is lowered once per job type: the first call lowers its body as
 * usual, and every later call of that job jumps to that copy's entry, and the copy's
 * return may come back to the node after any of its calls. That is the recursive
 * call's over-approximation (rf-c-lower-call.c) applied to ordinary calls: every real
 * run, whose returns match its calls, is a path of the CFG, and the extra paths only
 * add behaviour. The copy must stand for every call, so
 *  - its parameters are bound to no argument: the function is put among the recursive
 *    ones (pre.recursive), which every analysis that follows a parameter to its
 *    argument already leaves alone, and its frame keeps no call (a va_list in it may
 *    point anywhere);
 *  - a copy is made, and reused, only where the lowering depends on nothing of its
 *    caller (lower_share_neutral): no element or guess split open (a guessed key may
 *    be a global the callee reads), no alias being resolved again, no atomic section,
 *    no split call. Elsewhere the call is inlined as before. The caller's correlated
 *    splits (rf-c-lower-split.c) are facts about the caller's own locals, which the
 *    callee cannot name once its parameters are unbound: the copy is lowered without
 *    them.
 * One warning says which functions are shared. The node cap of lower_inline stays as
 * the last resort when even this is too large. */
#include "rf-c-lower-private.h"

#include <string.h>

/* Estimated size of a thread's model (statements and expressions inlined) past which
 * functions are shared, unless --inline-budget says otherwise. The lowering makes
 * about 10^5 statements a second; the search slows down well before that. */
#define LOWER_SHARE_BUDGET 20000.0

/* Fn: a function with a body, for the estimate. own: its statements and expressions;
 * callees: indices into the function table of the functions its calls name (one entry
 * per call: a function called twice is there twice), calls through pointers left out
 * (each is lowered as calls of the pointer's targets: the estimate is a guide, not a
 * bound); sites: how many calls name it (two more when its address is taken: every
 * call through a pointer may reach it). est: the inlined size with the current shared
 * set; state: 0 unvisited, 1 on the walk's stack, 2 done; mult: its copies in the
 * expansion being measured. */
typedef struct {
  CDecl *fn;
  double own;
  GArray *callees;
  double est;
  int state;
  double mult;
  gboolean shared;
  guint sites;
} Fn;

typedef struct {
  Lower *L;
  GHashTable *index;   /* CDecl* -> position + 1 */
  GArray *fns;         /* Fn */
  Fn *cur;
} Plan;

static CVisitResult
count_stmt (CStmt *s, gpointer data)
{
  (void) s;
  ((Plan *) data)->cur->own += 1;
  return C_VISIT_CONTINUE;
}

static CVisitResult
count_expr (CExpr *e, gpointer data)
{
  Plan *p = data;
  p->cur->own += 1;
  if (e->kind == C_EXPR_CALL)
    {
      const char *name = c_callee_name (e);
      CDecl *def = name ? lower_func_def (p->L, name) : NULL;
      guint at = def ? GPOINTER_TO_UINT (g_hash_table_lookup (p->index, def)) : 0;
      if (at > 0)
        {
          guint i = at - 1;
          g_array_append_val (p->cur->callees, i);
        }
    }
  return C_VISIT_CONTINUE;
}

/* The inlined size of function I: its own size plus its callees' (a callee on the
 * walk's stack is a recursive call, a jump; a shared one is counted apart). */
static double
estimate (Plan *p, guint i)
{
  Fn *f = &g_array_index (p->fns, Fn, i);
  if (f->state == 2)
    return f->est;
  if (f->state == 1)
    return 0;
  f->state = 1;
  double est = f->own;
  for (guint k = 0; k < f->callees->len; k++)
    {
      guint c = g_array_index (f->callees, guint, k);
      if (!g_array_index (p->fns, Fn, c).shared)
        est += estimate (p, c) + 1;
    }
  f = &g_array_index (p->fns, Fn, i);
  f->est = est;
  f->state = 2;
  return est;
}

/* Function I and what it inlines (not through shared functions, nor back along the
 * walk), appended to ORDER after its callees (a postorder). */
static void
postorder (Plan *p, guint i, guint8 *seen, GArray *order)
{
  seen[i] = 1;
  const Fn *f = &g_array_index (p->fns, Fn, i);
  for (guint k = 0; k < f->callees->len; k++)
    {
      guint c = g_array_index (f->callees, guint, k);
      if (!g_array_index (p->fns, Fn, c).shared && !seen[c])
        postorder (p, c, seen, order);
    }
  g_array_append_val (order, i);
}

/* Each function's copies (mult) in ROOT's expansion: counted down the call graph in
 * reverse postorder, where a call to a function placed earlier is a recursive one. */
static void
multiply (Plan *p, guint root)
{
  g_autofree guint8 *seen = g_new0 (guint8, p->fns->len);
  g_autofree guint *pos = g_new0 (guint, p->fns->len);
  g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  postorder (p, root, seen, order);
  for (guint i = 0; i < p->fns->len; i++)
    g_array_index (p->fns, Fn, i).mult = 0;
  for (guint k = 0; k < order->len; k++)
    pos[g_array_index (order, guint, k)] = order->len - 1 - k;
  g_array_index (p->fns, Fn, root).mult = 1;
  for (guint k = order->len; k-- > 0;)
    {
      const Fn *f = &g_array_index (p->fns, Fn, g_array_index (order, guint, k));
      guint at = pos[g_array_index (order, guint, k)];
      for (guint j = 0; j < f->callees->len; j++)
        {
          guint c = g_array_index (f->callees, guint, j);
          if (seen[c] && !g_array_index (p->fns, Fn, c).shared && pos[c] > at)
            g_array_index (p->fns, Fn, c).mult += f->mult;
        }
    }
}

/* Chooses the shared functions (pre.shared, and pre.recursive). */
void
lower_share_plan (Lower *L)
{
  Plan p = { .L = L, .index = g_hash_table_new (NULL, NULL), .fns = g_array_new (FALSE, TRUE, sizeof (Fn)) };
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (d->kind == C_DECL_FUNC && d->body && lower_func_def (L, d->name) == d)
        {
          Fn f = { .fn = d, .callees = g_array_new (FALSE, FALSE, sizeof (guint)) };
          g_array_append_val (p.fns, f);
          g_hash_table_insert (p.index, d, GUINT_TO_POINTER (p.fns->len));
        }
    }
  CVisitor v = { .stmt = count_stmt, .expr = count_expr, .data = &p };
  for (guint i = 0; i < p.fns->len; i++)
    {
      p.cur = &g_array_index (p.fns, Fn, i);
      c_visit_stmt (&v, p.cur->fn->body);
    }
  for (guint i = 0; i < p.fns->len; i++)
    {
      Fn *f = &g_array_index (p.fns, Fn, i);
      for (guint k = 0; k < f->callees->len; k++)
        g_array_index (p.fns, Fn, g_array_index (f->callees, guint, k)).sites++;
      /* an address-taken function may be called from every call through a pointer */
      if (g_hash_table_contains (L->pre.addr_funcs, f->fn))
        f->sites += 2;
    }
  g_autoptr (GString) names = g_string_new (NULL);
  guint n_shared = 0;
  RfLoc at = RF_LOC_NONE;
  double worst = 0, total_shared = 0;
  double budget = L->opts->inline_budget > 0 ? L->opts->inline_budget : LOWER_SHARE_BUDGET;
  for (;;)
    {
      /* the largest expansion with the current choice */
      for (guint i = 0; i < p.fns->len; i++)
        g_array_index (p.fns, Fn, i).state = 0;
      guint root = 0;
      worst = 0;
      for (guint i = 0; i < p.fns->len; i++)
        if (estimate (&p, i) > worst)
          worst = g_array_index (p.fns, Fn, i).est, root = i;
      if (worst + total_shared <= budget && L->pre.share_level == 0)
        break;
      /* share the function whose copies beyond the first weigh most in it */
      multiply (&p, root);
      gint best = -1;
      double gain = 0;
      for (guint i = 0; i < p.fns->len; i++)
        {
          const Fn *f = &g_array_index (p.fns, Fn, i);
          double g = (f->mult - 1) * f->est;
          if (!f->shared && f->sites >= 2 && f->mult > 1 && g > gain)
            gain = g, best = (gint) i;
        }
      /* past the estimate: every function called twice or more (and big enough) */
      for (guint i = 0; best < 0 && L->pre.share_level > 0 && i < p.fns->len; i++)
        {
          const Fn *f = &g_array_index (p.fns, Fn, i);
          if (!f->shared && f->sites >= 2 && (L->pre.share_level >= 2 || f->est >= LOWER_SHARE_MIN))
            best = (gint) i;
        }
      if (best < 0)
        break;
      Fn *f = &g_array_index (p.fns, Fn, best);
      f->shared = TRUE;
      total_shared += f->est;
      g_hash_table_add (L->pre.shared, f->fn);
      g_hash_table_add (L->pre.recursive, f->fn);
      if (n_shared == 0)
        at = f->fn->loc;
      if (n_shared < 4)
        g_string_append_printf (names, "%s'%s'", n_shared ? ", " : "", f->fn->name);
      n_shared++;
    }
  if (n_shared > 0)
    {
      if (n_shared > 4)
        g_string_append_printf (names, " and %u more", n_shared - 4);
      lower_warn (L, at, "share", "the program is too large to inline every call: calls of %s share "
                  "one copy of the function's body in each thread, which may return to any of its callers and "
                  "does not follow its arguments (estimated size then: %.0f statements and expressions)", names->str,
                  worst + total_shared);
    }
  for (guint i = 0; i < p.fns->len; i++)
    g_array_unref (g_array_index (p.fns, Fn, i).callees);
  g_array_unref (p.fns);
  g_hash_table_unref (p.index);
}

/* The lowering here depends on nothing of the caller but what reaches the callee
 * anyway (see the approach). */
static gboolean
lower_share_neutral (Lower *L)
{
  return L->elems->len == 0 && L->quiet == 0 && !L->split_call
         && L->svcomp_depth == 0 && !L->vscan && L->elems_off == 0 && L->alias_depth == 0;
}

gboolean
lower_share_reuse (Lower *L, CDecl *fn, RfLoc loc)
{
  if (!g_hash_table_contains (L->pre.shared, fn) || !lower_share_neutral (L))
    return FALSE;
  const ShareCopy *c = g_hash_table_lookup (L->share_copies, fn);
  if (!c)
    return FALSE;
  lower_call_copy (L, fn, c->entry, c->ret, loc, "shared");
  return TRUE;
}

gboolean
lower_share_begin (Lower *L, CDecl *fn)
{
  return g_hash_table_contains (L->pre.shared, fn) && lower_share_neutral (L);
}

void
lower_share_done (Lower *L, CDecl *fn, guint entry, guint ret)
{
  ShareCopy *c = g_new (ShareCopy, 1);
  c->entry = entry;
  c->ret = ret;
  g_hash_table_replace (L->share_copies, fn, c);
}
