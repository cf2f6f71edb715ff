/* rf-c-lower-svcomp: SV-COMP's conventions for concurrent programs.
 *
 * Approach. The public race benchmarks are written for verifiers, with a few functions
 * of agreed meaning: __VERIFIER_atomic_begin () and __VERIFIER_atomic_end () bracket an
 * atomic section, a function whose name starts with __VERIFIER_atomic_ runs atomically,
 * __VERIFIER_assume (c) blocks for ever when c is false, __VERIFIER_nondet_* () return
 * unknown values and reach_error () ends the thread (rows of rf-c-libc.c). An atomic
 * section becomes a section under one hidden mutex, __VERIFIER_atomic, as Goblint
 * models it: two atomic sections exclude each other, and an access outside any section
 * still races with one inside. A lock gives more runs than true atomicity (a thread
 * outside a section keeps running), so every race of the program is one of the model.
 *
 * The sections are matched as the lowering meets them, by a depth: only the outermost
 * begin locks and only its end unlocks (an atomic function called inside a section, or
 * a section inside an atomic function, nests). That is right when every function's
 * sections are structured: each branch and loop body leaves the depth as it found it,
 * and no return, break, continue or goto leaves a section; the pre-pass checks it
 * (lower_svcomp_scan), and when a function is not structured the sections give no
 * exclusion at all (with a warning): a wrong depth could lock a mutex the thread
 * holds, and a thread blocked that way would hide the runs after it. */
#include "rf-c-lower-private.h"

#include <string.h>

#define ATOMIC_LOCK "__VERIFIER_atomic"

static gboolean
is_atomic_fn (const char *name)
{
  return name && g_str_has_prefix (name, "__VERIFIER_atomic_") && strcmp (name, "__VERIFIER_atomic_begin") != 0
         && strcmp (name, "__VERIFIER_atomic_end") != 0;
}

/* +1 for a call of __VERIFIER_atomic_begin, -1 for one of ..._end, else 0. */
static gint
section_step (CExpr *e)
{
  e = c_peel (e);
  const char *n = e && e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  if (!n)
    return 0;
  return strcmp (n, "__VERIFIER_atomic_begin") == 0 ? 1 : strcmp (n, "__VERIFIER_atomic_end") == 0 ? -1 : 0;
}

/* Counts the section calls anywhere in an expression (those not statements of their own). */
static CVisitResult
count_calls (CExpr *e, gpointer data)
{
  if (section_step (e) != 0)
    (*(guint *) data)++;
  return C_VISIT_CONTINUE;
}

/* Statement S keeps the section depth *DEPTH structured (see the comment atop). */
static gboolean
structured (CStmt *s, gint *depth)
{
  if (!s)
    return TRUE;
  switch (s->kind)
    {
    case C_STMT_EXPR:
      {
        gint step = section_step (s->expr);
        guint n = 0;
        CVisitor v = { .expr = count_calls, .data = &n };
        c_visit_expr (&v, s->expr);
        if (n > (step != 0 ? 1u : 0u))
          return FALSE;  /* begin or end inside a larger expression */
        *depth += step;
        return *depth >= 0;
      }
    case C_STMT_COMPOUND:
      for (guint i = 0; s->items && i < s->items->len; i++)
        if (!structured (g_ptr_array_index (s->items, i), depth))
          return FALSE;
      return TRUE;
    case C_STMT_IF:
      {
        gint a = *depth, b = *depth;
        return structured (s->body, &a) && structured (s->else_body, &b) && a == *depth && b == *depth;
      }
    case C_STMT_WHILE: case C_STMT_DO: case C_STMT_FOR: case C_STMT_SWITCH:
      {
        gint a = *depth;
        return structured (s->init, &a) && a == *depth && structured (s->body, &a) && a == *depth;
      }
    case C_STMT_LABEL:
      return structured (s->body, depth);
    case C_STMT_RETURN: case C_STMT_BREAK: case C_STMT_CONTINUE: case C_STMT_GOTO:
      return *depth == 0;
    default:
      {
        /* declarations, asm, case labels: no section call may hide there */
        guint n = 0;
        CVisitor v = { .expr = count_calls, .data = &n };
        c_visit_stmt (&v, s);
        return n == 0;
      }
    }
}

void
lower_svcomp_scan (Lower *L)
{
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *f = g_ptr_array_index (L->decls, i);
      gint depth = 0;
      if (f->kind == C_DECL_FUNC && f->body && !f->in_system && (!structured (f->body, &depth) || depth != 0))
        {
          L->svcomp_unstructured = TRUE;
          L->svcomp_bad_loc = f->loc;
          return;
        }
    }
}

/* One more (BEGIN) or one fewer section around the current point; the outermost
 * locks or unlocks __VERIFIER_atomic. */
static void
section (Lower *L, gboolean begin, RfLoc loc)
{
  if (L->svcomp_unstructured)
    {
      lower_warn (L, L->svcomp_bad_loc, "svcomp-atomic",
                  "the atomic sections of this program are not structured (a branch or a jump leaves one "
                  "open): they give no exclusion");
      return;
    }
  if (begin && L->svcomp_depth++ > 0)
    return;
  if (!begin && (L->svcomp_depth == 0 || --L->svcomp_depth > 0))
    return;
  gint m = lower_var (L, ATOMIC_LOCK, RF_VAR_LOCK, loc);
  lower_emit (L, begin ? RF_OP_ACQUIRE : RF_OP_RELEASE, m, -1, loc,
              begin ? "atomic section: begin" : "atomic section: end");
}

void
lower_svcomp_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  switch (lib->effect)
    {
    case RF_C_LIBC_ATOMIC_BEGIN: case RF_C_LIBC_ATOMIC_END:
      lower_eval_args (L, e, 0);
      section (L, lib->effect == RF_C_LIBC_ATOMIC_BEGIN, loc);
      return;
    case RF_C_LIBC_ASSUME:
      {
        /* assume (c): on when c holds; a thread where it does not stops for ever */
        CExpr *c = c_arg (e, 0);
        if (!c)
          return;
        guint t = lower_node (L, loc), f = lower_node (L, loc);
        lower_cond (L, c, t, f);
        L->cur = t;
      }
      return;
    default:
      g_assert_not_reached ();
    }
  (void) name;
}

gboolean
lower_svcomp_inline (Lower *L, CDecl *def, CExpr *call)
{
  const char *name = c_callee_name (call);
  if (!def || !is_atomic_fn (name))
    return FALSE;
  RfLoc loc = call->a ? call->a->loc : call->loc;
  /* a condition on its result splits its returns (lower_inline): the section ends
   * after each of them */
  gboolean split = call == L->split_call;
  guint rt = L->split_t, rf = L->split_f, depth = L->svcomp_depth;
  section (L, TRUE, loc);
  lower_inline (L, def, call);
  section (L, FALSE, loc);
  if (split)
    {
      guint cur = L->cur, after = L->svcomp_depth;
      L->svcomp_depth = depth + 1;
      L->cur = rt;
      section (L, FALSE, loc);
      L->split_t = L->cur;
      L->svcomp_depth = depth + 1;
      L->cur = rf;
      section (L, FALSE, loc);
      L->split_f = L->cur;
      L->svcomp_depth = after;
      L->cur = cur;
    }
  return TRUE;
}
