/* rf-c-lower-joinall-barrier: a barrier that every thread of a create loop passes once,
 * so that what each did before it comes before what any does after it.
 *
 * Approach. A phased computation:
 *
 *   pthread_barrier_init (&b, NULL, n);          worker (id):
 *   for (i = 0; i < n; i++)                        cur[id] = ...;
 *     pthread_create (&t[i], NULL, worker, i);     pthread_barrier_wait (&b);
 *   ...                                            next[id] = cur[id - 1] + cur[id + 1];
 *
 * A barrier of count N releases its waiters once N threads have arrived. The model
 * cannot count to N, so the barrier is followed as a claim: when a thread of T (the
 * threads the loop starts) returns from the wait, every thread of T has arrived. It
 * holds when:
 *  - b is a global whose every mention is `&b` as the first argument of
 *    pthread_barrier_init, _wait or _destroy, initialised once in the program, by a
 *    statement of main's block before the create loop (not in a helper);
 *  - N is the create loop's count (`n` of `for (i = 0; i < n; i++)`), its variables
 *    unchanged from the init to the loop's end, and main never waits at b; or N is
 *    the count plus one and main waits at b exactly once, in a statement of the block
 *    after the loop;
 *  - every other function that waits at b runs only in threads of T (reached from the
 *    loop's start routine S and from no other start routine, callback or function main
 *    calls; S's address is taken only by this create call);
 *  - each thread of T waits at most once along every path, checked on the lowered
 *    model: its arrival posts the pseudo-semaphore arrived$b, and
 *    lower_joinall_barrier_check counts the posts as for a wait loop's semaphore.
 * The participants then are at most N: the threads of T, each once, and main once when
 * N is the count plus one. At most one generation is released, and only once N have
 * arrived, which takes every thread the loop can start (fewer threads started, for a
 * failed create, never release it: a deadlock, not a race). So when any participant
 * returns from the wait, every thread of T has arrived. In the model, each thread of T
 * posts arrived$b and then says `joinall T, arrived$b`, and main (when it waits) says
 * the latter. The net empties the places of T that no path reaches through an arrival:
 * in a real run none of them is marked when the barrier releases. A claim not borne
 * out by the model is withdrawn with a warning, and the waits are then skips: no
 * synchronisation assumed, as for any other barrier. */
#include "rf-c-lower-private.h"

#include <string.h>

static gboolean
barrier_call (const char *n)
{
  return n && (strcmp (n, "pthread_barrier_init") == 0 || strcmp (n, "pthread_barrier_wait") == 0
               || strcmp (n, "pthread_barrier_destroy") == 0);
}

/* The barrier variable a barrier call's first argument `&b` names, or NULL. */
static CDecl *
barrier_of (CExpr *call)
{
  CExpr *a = c_peel (c_arg (call, 0));
  return a && a->kind == C_EXPR_UNARY && a->op == C_OP_ADDR ? lower_ident_decl (a->a) : NULL;
}

/* BarUses: the uses of barrier b in a body: its waits and inits (`&b` as a barrier
 * call's first argument) and any other mention (other). */
typedef struct {
  CDecl *b;
  guint waits, inits, other;
  GPtrArray *wait_calls;
  GHashTable *ok;
} BarUses;

static CVisitResult
bar_use (CExpr *e, gpointer data)
{
  BarUses *u = data;
  if (e->kind == C_EXPR_CALL && barrier_call (c_callee_name (e)) && barrier_of (e) == u->b)
    {
      g_hash_table_add (u->ok, c_peel (c_arg (e, 0)));
      if (strcmp (c_callee_name (e), "pthread_barrier_wait") == 0)
        {
          u->waits++;
          if (u->wait_calls)
            g_ptr_array_add (u->wait_calls, e);
        }
      else if (strcmp (c_callee_name (e), "pthread_barrier_init") == 0)
        u->inits++;
    }
  if (g_hash_table_contains (u->ok, e))
    return C_VISIT_SKIP;
  if (e->kind == C_EXPR_IDENT && e->decl == u->b)
    u->other++;
  return C_VISIT_CONTINUE;
}

static BarUses
uses_in (CStmt *s, CDecl *b, GPtrArray *wait_calls)
{
  BarUses u = { b, 0, 0, 0, wait_calls, g_hash_table_new (NULL, NULL) };
  CVisitor v = { .expr = bar_use, .data = &u };
  c_visit_stmt (&v, s);
  g_hash_table_unref (u.ok);
  return u;
}

/* The barrier init call at the top level of statement S (an expression statement, or
 * the condition of an if), or NULL. */
static CExpr *
init_call (CStmt *s)
{
  CExpr *e = s->kind == C_STMT_EXPR || s->kind == C_STMT_IF ? c_peel (s->expr) : NULL;
  while (e && e->kind == C_EXPR_BINARY && (e->op == C_OP_NE || e->op == C_OP_EQ))
    e = c_peel (e->a);
  if (e && e->kind == C_EXPR_UNARY && e->op == C_OP_NOT)
    e = c_peel (e->a);
  const char *n = e && e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  return n && strcmp (n, "pthread_barrier_init") == 0 ? e : NULL;
}

gboolean
lower_joinall_barrier (Lower *L, GPtrArray *items, guint i, const CountedLoop *cl, CExpr *create,
                       const JoinSite *csite, CDecl **barrier, gboolean *main_waits)
{
  CDecl *main_fn = L->frame->fn;
  if (csite->helper)
    return FALSE;
  guint first = lower_counted_first (cl, i);
  /* the init, before the loop in the block */
  CExpr *init = NULL;
  guint at = 0;
  for (guint j = first; j-- > 0 && !init;)
    if ((init = init_call (g_ptr_array_index (items, j))))
      at = j;
  CDecl *b = init ? barrier_of (init) : NULL;
  if (!b || b->kind != C_DECL_VAR || b->thread_local || !(b->file_scope || c_is_static_object (b)) || !c_arg (init, 2))
    return FALSE;
  /* every use of b: &b in a barrier call; one init; the waits where they may be */
  CDecl *s = lower_func_named (L, c_arg (create, 2));
  if (!s || !s->body || !lower_joinall_started_once (L, s))
    return FALSE;
  g_autoptr (GHashTable) mine = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) other = g_hash_table_new (NULL, NULL);
  lower_joinall_thread_sets (L, s, main_fn, mine, other);
  guint inits = 0, main_waits_n = 0;
  for (guint k = 0; k < L->decls->len; k++)
    {
      CDecl *f = g_ptr_array_index (L->decls, k);
      if (f->kind != C_DECL_FUNC || !f->body)
        continue;
      BarUses u = uses_in (f->body, b, NULL);
      if (u.other > 0)
        return FALSE;
      inits += u.inits;
      if (f == main_fn)
        main_waits_n = u.waits;
      else if (u.waits > 0 && (!g_hash_table_contains (mine, f) || g_hash_table_contains (other, f)))
        return FALSE;
    }
  if (inits != 1)
    return FALSE;
  /* its count: the loop's, or one more with main waiting once after the loop */
  Endpoint n = lower_endpoint (c_arg (init, 2));
  if (cl->lo.e || (n.e ? !cl->hi.e || !lower_same_value (L, n.e, cl->hi.e, NULL) : cl->hi.e != NULL))
    return FALSE;
  gint64 count = cl->hi.off - cl->lo.off;
  if (n.off == count)
    {
      if (main_waits_n != 0)
        return FALSE;
      *main_waits = FALSE;
    }
  else if (n.off == count + 1)
    {
      /* main's one wait: a statement of the block after the loop */
      guint found = 0;
      for (guint k = i + 1; k < items->len; k++)
        {
          CStmt *x = g_ptr_array_index (items, k);
          if (x->kind != C_STMT_EXPR && x->kind != C_STMT_IF && x->kind != C_STMT_DECL)
            continue;
          BarUses u = uses_in (x, b, NULL);
          gboolean top = x->kind != C_STMT_IF || (uses_in (x->body, b, NULL).waits == 0
                                                  && (!x->else_body || uses_in (x->else_body, b, NULL).waits == 0));
          if (top)
            found += u.waits;
        }
      if (main_waits_n != 1 || found != 1)
        return FALSE;
      *main_waits = TRUE;
    }
  else
    return FALSE;
  /* the count's variables keep their values from the init to the loop's end */
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  if (!lower_value_vars (c_arg (init, 2), vars))
    return FALSE;
  g_autoptr (GHashTable) funcs = lower_joinall_region_funcs (L, items, at, i);
  if (vars->len > 0 && !lower_joinall_stable (L, vars, items, at, i, main_fn, funcs))
    return FALSE;
  *barrier = b;
  return TRUE;
}

/* The pseudo-semaphore the arrivals at barrier B post. */
static gint
arrived_var (Lower *L, CDecl *b)
{
  g_autofree char *name = g_strdup_printf ("arrived$%s", b->name);
  return lower_var (L, name, RF_VAR_SEM, b->loc);
}

/* The pseudo-semaphore main posts when it leaves the create loop of barrier B. */
static gint
looped_var (Lower *L, CDecl *b)
{
  g_autofree char *name = g_strdup_printf ("looped$%s", b->name);
  return lower_var (L, name, RF_VAR_SEM, b->loc);
}

void
lower_joinall_barrier_looped (Lower *L, CStmt *s)
{
  for (guint i = 0; i < L->jobs.joinall->len; i++)
    {
      JoinAllPlan *p = g_ptr_array_index (L->jobs.joinall, i);
      if (p->barrier && p->create_loop == s && L->job->id == p->main_job)
        {
          gint v = looped_var (L, p->barrier);
          g_autofree char *t = g_strdup_printf ("every thread of the loop created (%s)", p->barrier->name);
          if (v >= 0)
            lower_emit (L, RF_OP_POST, v, -1, s->loc, t);
        }
    }
}

/* Emits `joinall J, s` for every job J of P: every thread of them has arrived. */
static void
emit_released (Lower *L, JoinAllPlan *p, gint s, RfLoc loc)
{
  for (guint k = 0; k < p->jobs->len; k++)
    {
      guint job = g_array_index (p->jobs, guint, k);
      g_autofree char *t = g_strdup_printf ("every thread of %s arrived at %s", rf_program_get_job (L->prog, job)->name,
                                            p->barrier->name);
      guint pair[2] = { L->job->id, L->job->edges->len };
      lower_emit (L, RF_OP_JOINALL, (gint) job, s, loc, t);
      g_array_append_vals (p->barrier_edges, pair, 2);
    }
}

gboolean
lower_joinall_barrier_wait (Lower *L, CExpr *e, RfLoc loc)
{
  CDecl *b = barrier_of (e);
  GPtrArray *lists[2] = { L->jobs.joinall, L->jobs.joinall_done };
  for (guint l = 0; b && l < 2; l++)
    for (guint i = 0; i < lists[l]->len; i++)
      {
        JoinAllPlan *p = g_ptr_array_index (lists[l], i);
        if (p->barrier != b)
          continue;
        gint s = arrived_var (L, b);
        if (s < 0)
          return FALSE;
        if (L->job->id == p->main_job)
          {
            if (!p->barrier_main)
              return FALSE;
            emit_released (L, p, s, loc);
            return TRUE;
          }
        g_autofree char *t = g_strdup_printf ("arrive at %s", b->name);
        lower_emit (L, RF_OP_POST, s, -1, loc, t);
        gboolean mine = FALSE;
        for (guint k = 0; k < p->jobs->len; k++)
          mine = mine || g_array_index (p->jobs, guint, k) == L->job->id;
        if (mine)
          {
            /* released only once main has left the create loop (every thread of it
             * created): its token, taken and given back */
            gint v = looped_var (L, b);
            g_autofree char *tl = g_strdup_printf ("every thread of the loop created (%s)", b->name);
            for (guint k = 0; k < 2; k++)
              {
                guint pair[2] = { L->job->id, L->job->edges->len };
                lower_emit (L, v < 0 ? RF_OP_SKIP : k == 0 ? RF_OP_TAKE : RF_OP_POST, v, -1, loc, tl);
                g_array_append_vals (p->barrier_edges, pair, 2);  /* withdrawn with the claim */
              }
            emit_released (L, p, s, loc);
          }
        return TRUE;
      }
  return FALSE;
}

void
lower_joinall_barrier_check (Lower *L)
{
  GPtrArray *lists[2] = { L->jobs.joinall, L->jobs.joinall_done };
  for (guint l = 0; l < 2; l++)
    for (guint i = 0; i < lists[l]->len; i++)
      {
        JoinAllPlan *p = g_ptr_array_index (lists[l], i);
        if (!p->barrier || p->barrier_edges->len == 0)
          continue;
        g_autofree char *name = g_strdup_printf ("arrived$%s", p->barrier->name);
        gint s = rf_program_lookup_var (L->prog, name);
        const char *why = s < 0 ? "no thread arrives at it in the model" : lower_joinall_posts_broken (L, p, s);
        if (!why)
          continue;
        g_autofree char *msg = g_strdup_printf ("every thread the loop of pthread_create started waits at '%s' "
                                                "once, but %s: the barrier orders nothing", p->barrier->name, why);
        lower_joinall_withdraw (L, p->barrier_edges, p->create->loc, msg);
      }
}
