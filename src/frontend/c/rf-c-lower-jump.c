/* rf-c-lower-jump: non-local jumps (setjmp/longjmp) and the cleanup handlers that
 * cancellation runs (pthread_cleanup_push/pop, as glibc expands them).
 *
 * Approach. A thread can only longjmp into its own stack, so the jumps of a job stay
 * in its own graph. A setjmp returns at a node of its own (a jump target of the job);
 * the value it returns is data, so both ways of a test of it are followed. A longjmp
 * ends its path where it is and jumps to every target of the job, those lowered before
 * it and after (the jmp_buf is not followed: any setjmp of the thread may be the one;
 * one whose frame has returned makes the jump undefined, so adding it only adds
 * runs); in a job with no setjmp it ends the thread. The edges are added when the job
 * is done (lower_jumps_finish), when every target is known.
 *   setjmp (env):             writes env; pc_i -> k (k a target: the call's return,
 *                             first or again)
 *   longjmp (env, v):         reads env; pc_i -> k for every target k (none: pc_i -> end)
 * pthread_cleanup_push (r, a) is, in glibc, `__sigsetjmp (buf)`; a call of r when it
 * returns again, then __pthread_unwind_next; `__pthread_register_cancel (&buf)`; and
 * pthread_cleanup_pop ends with __pthread_unregister_cancel. Cancellation (at a
 * cancellation point, or anywhere under asynchronous cancellation) and pthread_exit
 * unwind: they longjmp to the innermost registered buffer, whose handler runs and goes
 * on unwinding (__pthread_unwind_next) to the next, and the thread ends after the
 * outermost. The registrations open along the path being lowered (L->cleanups, pushed
 * by the register, popped by the unregister: both in one block, as the macros nest)
 * say where:
 *   a cancellation or pthread_exit under registrations: pc_i -> the innermost one's target
 *   __pthread_unwind_next:    likewise from the handler (its own registration is not
 *                             open there yet), or pc_i -> end when none is open
 * A target is a label to the rest of the lowering: lower_stmt_touches and the join
 * plans' scan see a setjmp as one (no split, guess or unrolling across it), and the
 * fresh objects are forgotten there (a jump may come from where they have escaped).
 * A registration whose target is not known (no setjmp just before it in the frame, or
 * in a function shared by several callers, whose copy stands for other paths too)
 * unwinds to every target of the job and to its end; so does every unwind of a job
 * where a recursive call jumps back to an active copy (lower_call_copy), whose deeper
 * activations' handlers the first's path does not list. A longjmp in a signal
 * handler, which the model runs as a thread of its own, would jump into the thread it
 * interrupted: that cannot be followed, and is an error. */
#include "rf-c-lower-private.h"

gboolean
lower_is_setjmp (CExpr *call)
{
  const RfCLibcFunc *f = rf_c_libc_lookup (c_callee_name (call));
  return f && f->effect == RF_C_LIBC_SETJMP;
}

void
lower_jumps_begin (Lower *L)
{
  g_array_set_size (L->jumps.targets, 0);
  g_array_set_size (L->jumps.sources, 0);
  g_array_set_size (L->jumps.unwind_any, 0);
  g_array_set_size (L->jumps.cleanups, 0);
  g_array_set_size (L->jumps.unwinds, 0);
  L->jumps.cycle = FALSE;
  L->jumps.last_setjmp = -1;
  L->jumps.last_frame = NULL;
}

void
lower_jumps_finish (Lower *L)
{
  GArray *t = L->jumps.targets;
  for (guint i = 0; i < L->jumps.sources->len; i++)
    {
      guint s = g_array_index (L->jumps.sources, guint, i);
      for (guint k = 0; k < t->len; k++)
        lower_edge (L, s, g_array_index (t, guint, k), RF_OP_SKIP, -1, -1, RF_LOC_NONE, "longjmp");
      if (t->len == 0)
        lower_edge (L, s, L->exit_node, RF_OP_SKIP, -1, -1, RF_LOC_NONE, "longjmp (no setjmp in the thread)");
    }
  /* a recursive call's copy stands for deeper activations, whose handlers the path of
   * the first does not list: every unwind may then go to any handler, or end */
  GArray *any = L->jumps.cycle ? L->jumps.unwinds : L->jumps.unwind_any;
  for (guint i = 0; i < any->len; i++)
    {
      guint s = g_array_index (any, guint, i);
      for (guint k = 0; k < t->len; k++)
        lower_edge (L, s, g_array_index (t, guint, k), RF_OP_SKIP, -1, -1, RF_LOC_NONE, "unwinds to a cleanup handler");
      lower_edge (L, s, L->exit_node, RF_OP_SKIP, -1, -1, RF_LOC_NONE, "unwinds: the thread ends");
    }
  lower_jumps_begin (L);
}

gboolean
lower_unwind (Lower *L, RfLoc loc, const char *text)
{
  GArray *c = L->jumps.cleanups;
  if (L->quiet || c->len == 0)
    return FALSE;
  guint top = g_array_index (c, guint, c->len - 1);
  g_array_append_val (L->jumps.unwinds, L->cur);
  g_autofree char *t = g_strdup_printf ("%s: runs the cleanup handler", text);
  if (top == G_MAXUINT)
    g_array_append_val (L->jumps.unwind_any, L->cur);
  else
    lower_edge (L, L->cur, top, RF_OP_SKIP, -1, -1, loc, t);
  return TRUE;
}

/* Is the job being lowered a signal handler's (run as a thread of its own)? */
static gboolean
in_handler (Lower *L)
{
  CDecl *fn = L->job_id < L->jobs.fn->len ? g_ptr_array_index (L->jobs.fn, L->job_id) : NULL;
  return fn && g_hash_table_contains (L->jumps.handlers, fn);
}

void
lower_jump_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  /* setjmp writes its buffer, longjmp reads it */
  if (lib->effect == RF_C_LIBC_SETJMP || lib->effect == RF_C_LIBC_LONGJMP)
    {
      lower_access_through (L, c_arg (e, 0), lib->effect == RF_C_LIBC_SETJMP ? ACC_WRITE : ACC_READ, FALSE, loc);
      lower_eval_args (L, e, 1);
    }
  else
    lower_eval_args (L, e, 0);
  if (L->quiet)
    return;
  switch (lib->effect)
    {
    case RF_C_LIBC_SETJMP:
      {
        guint k = lower_node (L, loc);
        g_autofree char *t = g_strdup_printf ("%s returns (again after a longjmp)", name);
        lower_edge (L, L->cur, k, RF_OP_SKIP, -1, -1, loc, t);
        g_array_append_val (L->jumps.targets, k);
        g_hash_table_remove_all (L->priv.fresh);  /* a jump may come from anywhere */
        L->jumps.last_setjmp = (gint) k;
        L->jumps.last_frame = L->frame;
        L->cur = k;
      }
      return;
    case RF_C_LIBC_LONGJMP:
      if (in_handler (L))
        lower_error (L, loc, "unsupported: %s in a signal handler (the model runs a handler as a thread of its "
                     "own, and cannot jump back into the thread it interrupted)", name);
      g_array_append_val (L->jumps.sources, L->cur);
      lower_dead (L, loc);
      return;
    case RF_C_LIBC_CLEANUP_PUSH:
      {
        /* the setjmp just before, in this frame, unless this copy stands for others */
        gboolean known = L->jumps.last_setjmp >= 0 && L->jumps.last_frame == L->frame && !L->jumps.shared;
        guint top = known ? (guint) L->jumps.last_setjmp : G_MAXUINT;
        g_array_append_val (L->jumps.cleanups, top);
      }
      return;
    case RF_C_LIBC_CLEANUP_POP:
      if (L->jumps.cleanups->len > 0)
        g_array_set_size (L->jumps.cleanups, L->jumps.cleanups->len - 1);
      return;
    case RF_C_LIBC_UNWIND:
      if (!lower_unwind (L, loc, name))
        lower_edge (L, L->cur, L->exit_node, RF_OP_SKIP, -1, -1, loc, "unwound: the thread ends");
      lower_dead (L, loc);
      return;
    default:
      g_assert_not_reached ();
    }
}

void
lower_jump_share_begin (Lower *L, GArray **saved)
{
  /* a shared copy's cancellations may unwind to any caller's handler */
  *saved = L->jumps.cleanups;
  L->jumps.cleanups = g_array_new (FALSE, FALSE, sizeof (guint));
  if (L->pre.cleanups)
    {
      guint any = G_MAXUINT;
      g_array_append_val (L->jumps.cleanups, any);
    }
  L->jumps.shared++;
}

void
lower_jump_share_end (Lower *L, GArray *saved)
{
  g_array_unref (L->jumps.cleanups);
  L->jumps.cleanups = saved;
  L->jumps.shared--;
}
