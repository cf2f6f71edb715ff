/* rf-c-lower-stmt: statements and loops lowered to the CFG.
 *
 * Approach. Every statement continues the CFG from the current node: branches go both
 * ways, a loop may run any number of times, goto, break, continue and return jump to
 * their targets in the current frame. A counted loop (`for (i = A; i < B; i++)` with
 * constants A and B and a counter nothing else changes) is unrolled B - A times, so that
 * exactly that many threads are created or joined. Around every statement, the set of
 * fresh objects (rf-c-lower-fresh.c) is kept up to date. */
#include "rf-c-lower-private.h"

#include <string.h>


static guint
label_node (Lower *L, const char *label, RfLoc loc)
{
  gpointer v = g_hash_table_lookup (L->frame->labels, label);
  if (v)
    return GPOINTER_TO_UINT (v) - 1;
  guint n = lower_node (L, loc);
  g_hash_table_insert (L->frame->labels, (gpointer) label, GUINT_TO_POINTER (n + 1));
  return n;
}

/* GotoTargets: computed_goto_targets' walk. taken: the labels whose address is
 * taken; all: every label; both const char*, in order found, once each. */
typedef struct {
  GPtrArray *taken, *all;
} GotoTargets;

static void
add_label (GPtrArray *to, const char *label)
{
  for (guint i = 0; i < to->len; i++)
    if (strcmp (g_ptr_array_index (to, i), label) == 0)
      return;
  g_ptr_array_add (to, (gpointer) label);
}

static CVisitResult
goto_target_stmt (CStmt *s, gpointer data)
{
  if (s->kind == C_STMT_LABEL && s->label)
    add_label (((GotoTargets *) data)->all, s->label);
  return C_VISIT_CONTINUE;
}

static CVisitResult
goto_target_expr (CExpr *e, gpointer data)
{
  if (e->kind == C_EXPR_LABEL_ADDR && e->text)
    add_label (((GotoTargets *) data)->taken, e->text);
  return C_VISIT_CONTINUE;
}

/* Where a computed goto in BODY may go: the labels whose address BODY takes, else
 * every label of BODY. Owned (the strings borrowed). */
static GPtrArray *
computed_goto_targets (CStmt *body)
{
  GotoTargets gt = { g_ptr_array_new (), g_ptr_array_new () };
  CVisitor v = { .stmt = goto_target_stmt, .expr = goto_target_expr, .data = &gt };
  c_visit_stmt (&v, body);
  if (gt.taken->len > 0)
    {
      g_ptr_array_unref (gt.all);
      return gt.taken;
    }
  g_ptr_array_unref (gt.taken);
  return gt.all;
}

/* The case and default labels of a switch body (not of nested switches). */
static CVisitResult
case_label (CStmt *s, gpointer out)
{
  if (s->kind == C_STMT_SWITCH)
    return C_VISIT_SKIP;  /* its labels are its own */
  if (s->kind == C_STMT_CASE || s->kind == C_STMT_DEFAULT)
    g_ptr_array_add (out, s);
  return C_VISIT_CONTINUE;
}

void
lower_switch_cases (CStmt *s, GPtrArray *out)
{
  CVisitor v = { .stmt = case_label, .no_exprs = TRUE, .data = out };
  c_visit_stmt (&v, s);
}

enum { MAX_UNROLL = 16 };

/* Touch: what `touches` looks for. d: the counter; switches: switch statements around
 * the statement being walked. */
typedef struct {
  CDecl *d;
  int switches;
} Touch;

/* An expression assigning D, incrementing it or taking its address. */
static CVisitResult
touch_expr (CExpr *e, gpointer data)
{
  Touch *t = data;
  CExpr *a = c_peel (e->a);
  gboolean is_d = a && a->kind == C_EXPR_IDENT && a->decl == t->d;
  if (e->kind == C_EXPR_ASSIGN && is_d)
    return C_VISIT_STOP;
  if (e->kind == C_EXPR_UNARY && is_d
      && (e->op == C_OP_ADDR || e->op == C_OP_PREINC || e->op == C_OP_PREDEC || e->op == C_OP_POSTINC
          || e->op == C_OP_POSTDEC))
    return C_VISIT_STOP;
  /* a setjmp: a longjmp may come back to its return from anywhere, as a goto to a label */
  if (e->kind == C_EXPR_CALL && lower_is_setjmp (e))
    return C_VISIT_STOP;
  /* a statement expression (atomic_load and other library macros) is looked into,
   * with no switch around */
  if (e->kind == C_EXPR_STMT_EXPR)
    return !e->stmt || lower_stmt_touches (e->stmt, t->d) ? C_VISIT_STOP : C_VISIT_SKIP;
  return C_VISIT_CONTINUE;
}

/* A label (or a case of an enclosing switch) that lowering a statement twice would
 * merge, or an asm statement or a computed goto, which may do anything. */
static CVisitResult
touch_stmt (CStmt *s, gpointer data)
{
  Touch *t = data;
  switch (s->kind)
    {
    case C_STMT_LABEL: case C_STMT_LOCAL_LABEL: case C_STMT_ASM: case C_STMT_GOTO_PTR:
      return C_VISIT_STOP;
    case C_STMT_CASE: case C_STMT_DEFAULT:
      return t->switches == 0 ? C_VISIT_STOP : C_VISIT_CONTINUE;
    case C_STMT_SWITCH:
      t->switches++;
      return C_VISIT_CONTINUE;
    default:
      return C_VISIT_CONTINUE;
    }
}

static void
touch_stmt_done (CStmt *s, gpointer data)
{
  if (s->kind == C_STMT_SWITCH)
    ((Touch *) data)->switches--;
}

/* S assigns D or takes its address, or holds a label (or a case of an enclosing
 * switch, or a setjmp) that lowering it twice would merge. */
gboolean
lower_stmt_touches (CStmt *s, CDecl *d)
{
  Touch t = { d, 0 };
  CVisitor v = { .stmt = touch_stmt, .stmt_done = touch_stmt_done, .expr = touch_expr, .data = &t };
  return c_visit_stmt (&v, s);
}

/* E assigns D or takes its address. */
gboolean
lower_expr_touches (CExpr *e, CDecl *d)
{
  Touch t = { d, 0 };
  CVisitor v = { .stmt = touch_stmt, .stmt_done = touch_stmt_done, .expr = touch_expr, .data = &t };
  return c_visit_expr (&v, e);
}

static CVisitResult
addr_of_d (CExpr *e, gpointer d)
{
  CExpr *a = c_peel (e->a);
  return e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR && a && a->kind == C_EXPR_IDENT && a->decl == d
         ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* S takes the address of D somewhere. */
gboolean
lower_stmt_takes_addr (CStmt *s, CDecl *d)
{
  CVisitor v = { .expr = addr_of_d, .data = d };
  return c_visit_stmt (&v, s);
}

static CVisitResult
collect_addr (CExpr *e, gpointer set)
{
  CExpr *a = c_peel (e->a);
  if (e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR && a && a->kind == C_EXPR_IDENT && a->decl)
    g_hash_table_add (set, a->decl);
  return C_VISIT_CONTINUE;
}

gboolean
lower_body_takes_addr (Lower *L, CStmt *body, CDecl *d)
{
  GHashTable *set = g_hash_table_lookup (L->addr_taken, body);
  if (!set)
    {
      set = g_hash_table_new (NULL, NULL);
      CVisitor v = { .expr = collect_addr, .data = set };
      c_visit_stmt (&v, body);
      g_hash_table_insert (L->addr_taken, body, set);
    }
  return g_hash_table_contains (set, d);
}

/* The number of iterations of counted loop S: `for (i = A; i < B; i++)` (or `int i =
 * A`, `<=`, `!=`, `++i`, `i += 1`) with constants A and B, a local integer i that the
 * body never assigns and whose address the function never takes, and a body with no
 * label. Such a loop runs its body exactly that many times unless the body leaves it
 * (break, return, goto), so it can be unrolled. -1 for any other loop. */
static gint
counted_loop (Lower *L, CStmt *s)
{
  if (s->kind != C_STMT_FOR || !s->init || !s->expr || !s->expr2)
    return -1;
  CDecl *d = NULL;
  gint64 from, to;
  if (s->init->kind == C_STMT_DECL && s->init->items && s->init->items->len == 1)
    {
      d = g_ptr_array_index (s->init->items, 0);
      if (!d->init || !d->init->expr || !c_const_int (d->init->expr, &from))
        return -1;
    }
  else if (s->init->kind == C_STMT_EXPR && s->init->expr && s->init->expr->kind == C_EXPR_ASSIGN
           && s->init->expr->op == C_OP_ASSIGN)
    {
      CExpr *a = c_peel (s->init->expr->a);
      if (!a || a->kind != C_EXPR_IDENT || !c_const_int (s->init->expr->b, &from))
        return -1;
      d = a->decl;
    }
  if (!d || d->kind != C_DECL_VAR || c_is_static_object (d))
    return -1;
  CType *t = strip (L, d->type);
  if (!t || t->kind != C_TYPE_BASIC)
    return -1;
  /* condition: i < B, i <= B, i != B */
  CExpr *c = c_peel (s->expr);
  if (!c || c->kind != C_EXPR_BINARY || !(c->op == C_OP_LT || c->op == C_OP_LE || c->op == C_OP_NE))
    return -1;
  CExpr *ci = c_peel (c->a);
  if (!ci || ci->kind != C_EXPR_IDENT || ci->decl != d || !c_const_int (c->b, &to))
    return -1;
  if (c->op == C_OP_LE)
    to++;
  /* step: i++, ++i, i += 1 */
  CExpr *st = c_peel (s->expr2), *sa = st ? c_peel (st->a) : NULL;
  gint64 one = 0;
  gboolean inc = st && sa && sa->kind == C_EXPR_IDENT && sa->decl == d
                 && ((st->kind == C_EXPR_UNARY && (st->op == C_OP_POSTINC || st->op == C_OP_PREINC))
                     || (st->kind == C_EXPR_ASSIGN && st->op == C_OP_ADD_ASSIGN && c_const_int (st->b, &one)
                         && one == 1));
  if (!inc || to < from || to - from > MAX_UNROLL || (c->op == C_OP_NE && to < from))
    return -1;
  /* the counter must reach the bound without wrapping round (a signed char counting
   * to 128 never stops) or saturating (a _Bool), and be an integer */
  gint64 lo, hi;
  switch (t->basic)
    {
    case C_BASIC_CHAR: case C_BASIC_SCHAR: lo = G_MININT8; hi = G_MAXINT8; break;
    case C_BASIC_UCHAR: lo = 0; hi = G_MAXUINT8; break;
    case C_BASIC_SHORT: lo = G_MININT16; hi = G_MAXINT16; break;
    case C_BASIC_USHORT: lo = 0; hi = G_MAXUINT16; break;
    case C_BASIC_INT: lo = G_MININT32; hi = G_MAXINT32; break;
    case C_BASIC_UINT: lo = 0; hi = G_MAXUINT32; break;
    case C_BASIC_LONG: case C_BASIC_LLONG: case C_BASIC_INT128: lo = G_MININT64; hi = G_MAXINT64; break;
    case C_BASIC_ULONG: case C_BASIC_ULLONG: case C_BASIC_UINT128: lo = 0; hi = G_MAXINT64; break;
    default: return -1;  /* _Bool, floating, other builtins */
    }
  if (from < lo || to > hi)
    return -1;
  if (lower_stmt_touches (s->body, d) || lower_expr_touches (s->expr, d))
    return -1;
  /* no &i anywhere in the function (a pointer could change i) */
  for (Frame *f = L->frame; f; f = f->up)
    if (f->fn == L->frame->fn)
      {
        if (f->fn && f->fn->body && lower_body_takes_addr (L, f->fn->body, d))
          return -1;
        break;
      }
  return (gint) (to - from);
}

/* A loop (or, INHERIT, a switch, whose continue is its loop's) from here: a break goes
 * to BRK, a continue to CONT, leaving the cleanup variables declared since. */
static void
loop_push_scope (Lower *L, guint brk, guint cont, gboolean inherit)
{
  guint here = L->scope_cleanups->len;
  GArray *cs = L->frame->cont_scope;
  guint cont_mark = inherit && cs->len ? g_array_index (cs, guint, cs->len - 1) : here;
  g_array_append_val (L->frame->brk, brk);
  g_array_append_val (L->frame->cont, cont);
  g_array_append_val (L->frame->brk_scope, here);
  g_array_append_val (cs, cont_mark);
}

static void
loop_push (Lower *L, guint brk, guint cont)
{
  loop_push_scope (L, brk, cont, FALSE);
}

static void
loop_pop (Lower *L)
{
  g_array_set_size (L->frame->brk, L->frame->brk->len - 1);
  g_array_set_size (L->frame->cont, L->frame->cont->len - 1);
  g_array_set_size (L->frame->brk_scope, L->frame->brk_scope->len - 1);
  g_array_set_size (L->frame->cont_scope, L->frame->cont_scope->len - 1);
}

/* Leaving the scopes of the cleanup variables from index MARK on (a return, break or
 * continue): their cleanups run, the last declared first. */
static void
run_cleanups (Lower *L, guint mark)
{
  for (guint i = L->scope_cleanups->len; i-- > mark;)
    lower_eval (L, ((CDecl *) g_ptr_array_index (L->scope_cleanups, i))->cleanup);
}

/* Sets the role of split SP's passes (rf-c-lower-elems.c), if any. */
static void
pass_role (ElemSplit *sp, gint role)
{
  if (sp)
    sp->role = role;
}

/* Restores the fresh objects to FRESH (a copy), as at the start of a loop's pass. */
static void
pass_fresh (Lower *L, GHashTable *fresh)
{
  g_hash_table_unref (L->priv.fresh);
  L->priv.fresh = lower_fresh_copy (fresh);
}

/* A counted loop (see counted_loop): its body N times in sequence. With a split SP,
 * each iteration is lowered once per role it may have: state A (the representative's
 * pass not yet run) goes on in A by a pass of another element or to B by the
 * representative's; state B goes on in B by passes of other elements. */
static void
lower_counted_loop (Lower *L, CStmt *s, gint n, ElemSplit *sp)
{
  lower_stmt (L, s->init);
  guint out = lower_node (L, s->loc);
  guint at[2] = { L->cur, G_MAXUINT };  /* [0]: state A, [1]: state B (none yet) */
  g_autoptr (GHashTable) fresh = NULL;
  for (gint k = 0; k < n; k++)
    {
      g_autofree char *txt = g_strdup_printf ("for: iteration %d of %d", k + 1, n);
      guint next[2] = { lower_node (L, s->loc), sp ? lower_node (L, s->loc) : G_MAXUINT };
      /* (from state, role, to state) */
      static const gint passes[3][3] = { { 0, ELEM_OTHER, 0 }, { 0, ELEM_REP, 1 }, { 1, ELEM_OTHER, 1 } };
      for (guint p = 0; p < (sp ? 3u : 1u); p++)
        {
          if (at[passes[p][0]] == G_MAXUINT)
            continue;
          L->cur = at[passes[p][0]];
          lower_fresh_kill (L, s, NULL, 0);  /* what the last iteration made fresh may be out */
          if (sp)
            {
              if (!fresh)
                fresh = lower_fresh_copy (L->priv.fresh);
              pass_fresh (L, fresh);
            }
          guint body = lower_node (L, s->body ? s->body->loc : s->loc);
          lower_edge (L, L->cur, body, RF_OP_SKIP, -1, -1, s->loc, txt);
          L->cur = body;
          guint to = next[passes[p][2]];
          loop_push (L, out, to);
          pass_role (sp, sp ? passes[p][1] : ELEM_NONE);
          lower_stmt (L, s->body);
          pass_role (sp, ELEM_NONE);
          loop_pop (L);
          lower_edge (L, L->cur, to, RF_OP_SKIP, -1, -1, s->loc, NULL);
        }
      at[0] = next[0];
      at[1] = next[1];
    }
  for (guint st = 0; st < 2; st++)
    if (at[st] != G_MAXUINT)
      lower_edge (L, at[st], out, RF_OP_SKIP, -1, -1, s->loc, "for: done");
  L->cur = out;
}

/* One pass of loop S: at FROM the test (to OUT when it fails), then BODY (a new node)
 * with role ROLE, the step (at STEP, a new node, for a for loop), then to TO. */
static void
loop_pass (Lower *L, CStmt *s, guint from, guint body, guint step, guint to, guint out, ElemSplit *sp, gint role)
{
  L->cur = from;
  if (s->expr)
    lower_cond (L, s->expr, body, out);
  else
    lower_edge (L, from, body, RF_OP_SKIP, -1, -1, s->loc, "loop");
  L->cur = body;
  if (s->kind != C_STMT_FOR)
    step = to;
  loop_push (L, out, step);
  pass_role (sp, role);
  lower_stmt (L, s->body);
  pass_role (sp, ELEM_NONE);
  loop_pop (L);
  if (step != to)
    {
      lower_edge (L, L->cur, step, RF_OP_SKIP, -1, -1, s->loc, NULL);
      L->cur = step;
      lower_eval (L, s->expr2);
    }
  lower_edge (L, L->cur, to, RF_OP_SKIP, -1, -1, s->loc, "loop");
}

/* while (c) body; for (init; c; step) body: the condition is data, so it may hold or
 * fail at every test. With a split SP (rf-c-lower-elems.c), three passes: from the
 * head, a pass of another element back to it or the representative's pass to a
 * second head, from which passes of other elements return to it. */
static void
lower_loop (Lower *L, CStmt *s, ElemSplit *sp)
{
  if (s->kind == C_STMT_FOR && s->init)
    lower_stmt (L, s->init);
  guint head = lower_node (L, s->loc);
  lower_edge (L, L->cur, head, RF_OP_SKIP, -1, -1, s->loc, s->kind == C_STMT_FOR ? "for" : "while");
  RfLoc bl = s->body ? s->body->loc : s->loc;
  guint body = lower_node (L, bl), out = lower_node (L, s->loc);
  guint step = s->kind == C_STMT_FOR ? lower_node (L, s->loc) : head;
  if (!sp)
    loop_pass (L, s, head, body, step, head, out, NULL, ELEM_NONE);
  else
    {
      g_autoptr (GHashTable) fresh = lower_fresh_copy (L->priv.fresh);
      guint head_b = lower_node (L, s->loc);
      loop_pass (L, s, head, body, step, head, out, sp, ELEM_OTHER);
      pass_fresh (L, fresh);
      gboolean for_ = s->kind == C_STMT_FOR;
      guint body2 = lower_node (L, bl), step2 = for_ ? lower_node (L, s->loc) : head_b;
      loop_pass (L, s, head, body2, step2, head_b, out, sp, ELEM_REP);
      pass_fresh (L, fresh);
      guint body3 = lower_node (L, bl), step3 = for_ ? lower_node (L, s->loc) : head_b;
      loop_pass (L, s, head_b, body3, step3, head_b, out, sp, ELEM_OTHER);
    }
  L->cur = out;
}

static void
lower_decl (Lower *L, CDecl *d)
{
  if (d->kind == C_DECL_TYPEDEF)
    {
      /* typedef int row[n]: n is evaluated here */
      lower_eval_vla_sizes (L, d->type);
      return;
    }
  if (d->kind != C_DECL_VAR || c_is_static_object (d))
    return;
  /* __attribute__ ((cleanup (f))): f (&d) runs when d leaves its scope: at the end of
   * its block (the block's last statements, c_stmt_compound), or at a return, break or
   * continue that leaves it (run_cleanups); pushed once, at its declaration, even when
   * a split or guess lowers the rest of the block more than once (each copy starts
   * from the variables in scope before it) */
  gboolean push = d->cleanup && !g_ptr_array_find (L->scope_cleanups, d, NULL);
  /* variable-length array bounds are evaluated at the declaration */
  lower_eval_vla_sizes (L, d->type);
  if (push)
    g_ptr_array_add (L->scope_cleanups, d);
  if (!d->init)
    return;
  if (d->init->expr)
    {
      CType *t = strip (L, d->type);
      if (t && t->kind == C_TYPE_ARRAY && d->init->expr->kind == C_EXPR_STRING)
        ;
      else
        lower_eval (L, d->init->expr);
    }
  else
    lower_eval_init (L, d->init);
  RfCObj *r = lower_root_of_decl (L, d, cur_fn (L));
  if (r)
    {
      g_autoptr (GPtrArray) ps = places_new ();
      g_ptr_array_add (ps, (gpointer) rf_c_objects_loc (L->objs, r, ""));
      lower_access (L, ps, ACC_WRITE, FALSE, d->loc);
    }
}

static void lower_asm (Lower *L, CStmt *s);

static void
lower_stmt_kind (Lower *L, CStmt *s)
{
  switch (s->kind)
    {
    case C_STMT_COMPOUND:
      {
        guint scope = L->scope_cleanups->len;  /* its cleanup variables: forgotten at its end */
        for (guint i = 0; s->items && i < s->items->len; i++)
          {
            CStmt *item = g_ptr_array_index (s->items, i);
            /* a lock reached through a key: the rest of the block per guess */
            if (lower_guess_block (L, s, i))
              break;
            /* a branch on unchanging locals tested again: the rest of the block per truth */
            if (lower_split_block (L, s, i))
              break;
            lower_joinall_block_begin (L, s, i);
            lower_stmt (L, item);
            lower_joinall_after (L, item);
          }
        g_ptr_array_set_size (L->scope_cleanups, scope);
      }
      return;
    case C_STMT_DECL:
      for (guint i = 0; s->items && i < s->items->len; i++)
        lower_decl (L, g_ptr_array_index (s->items, i));
      return;
    case C_STMT_EXPR:
      lower_eval (L, s->expr);
      return;
    case C_STMT_IF:
      {
        guint t = lower_node (L, s->body ? s->body->loc : s->loc);
        guint f = lower_node (L, s->else_body ? s->else_body->loc : s->loc);
        lower_cond (L, s->expr, t, f);
        lower_fresh_gen_in_test (L, s->expr);
        g_autoptr (GHashTable) before = lower_fresh_copy (L->priv.fresh);
        L->cur = t;
        lower_stmt (L, s->body);
        guint after_then = L->cur;
        g_autoptr (GHashTable) then_fresh = lower_fresh_copy (L->priv.fresh);
        g_hash_table_remove_all (L->priv.fresh);
        g_hash_table_unref (L->priv.fresh);
        L->priv.fresh = g_steal_pointer (&before);
        L->cur = f;
        lower_stmt (L, s->else_body);
        lower_fresh_meet (L, then_fresh);
        lower_edge (L, after_then, L->cur, RF_OP_SKIP, -1, -1, s->loc, "end if");
      }
      return;
    case C_STMT_FOR: case C_STMT_WHILE:
      {
        gint n = counted_loop (L, s);
        ElemSplit *sp = lower_elems_begin (L, s);
        if (n >= 0)
          lower_counted_loop (L, s, n, sp);
        else
          lower_loop (L, s, sp);
        lower_elems_end (L, sp);
      }
      return;
    case C_STMT_DO:
      {
        guint body = lower_node (L, s->body ? s->body->loc : s->loc);
        lower_edge (L, L->cur, body, RF_OP_SKIP, -1, -1, s->loc, "do");
        guint cond = lower_node (L, s->expr ? s->expr->loc : s->loc), out = lower_node (L, s->loc);
        L->cur = body;
        loop_push (L, out, cond);
        lower_stmt (L, s->body);
        loop_pop (L);
        lower_edge (L, L->cur, cond, RF_OP_SKIP, -1, -1, s->loc, NULL);
        L->cur = cond;
        lower_cond (L, s->expr, body, out);
        L->cur = out;
      }
      return;
    case C_STMT_SWITCH:
      {
        lower_eval (L, s->expr);
        g_autoptr (GPtrArray) cases = g_ptr_array_new ();
        lower_switch_cases (s->body, cases);
        GHashTable *saved = L->frame->cases;
        L->frame->cases = g_hash_table_new (NULL, NULL);
        guint head = L->cur, out = lower_node (L, s->loc);
        gboolean has_default = FALSE;
        for (guint i = 0; i < cases->len; i++)
          {
            CStmt *c = g_ptr_array_index (cases, i);
            guint n = lower_node (L, c->loc);
            g_hash_table_insert (L->frame->cases, c, GUINT_TO_POINTER (n + 1));
            if (c->kind == C_STMT_DEFAULT)
              has_default = TRUE;
          }
        /* a switch on a local whose value the path knows (rf-c-lower-split.c), or on a
         * value variable (rf-c-lower-values.c), goes to the case of its value */
        if (!lower_split_switch (L, s->expr, cases, L->frame->cases, out)
            && !lower_value_switch (L, s->expr, cases, L->frame->cases, out))
          {
            for (guint i = 0; i < cases->len; i++)
              {
                CStmt *c = g_ptr_array_index (cases, i);
                guint n = GPOINTER_TO_UINT (g_hash_table_lookup (L->frame->cases, c)) - 1;
                lower_edge (L, head, n, RF_OP_SKIP, -1, -1, c->loc, c->kind == C_STMT_DEFAULT ? "default" : "case");
              }
            if (!has_default)
              lower_edge (L, head, out, RF_OP_SKIP, -1, -1, s->loc, "no case");
          }
        lower_dead (L, s->loc);
        guint cont = L->frame->cont->len ? g_array_index (L->frame->cont, guint, L->frame->cont->len - 1) : out;
        loop_push_scope (L, out, cont, TRUE);
        lower_stmt (L, s->body);
        loop_pop (L);
        lower_edge (L, L->cur, out, RF_OP_SKIP, -1, -1, s->loc, NULL);
        L->cur = out;
        g_hash_table_unref (L->frame->cases);
        L->frame->cases = saved;
      }
      return;
    case C_STMT_CASE: case C_STMT_DEFAULT:
      {
        gpointer v = L->frame->cases ? g_hash_table_lookup (L->frame->cases, s) : NULL;
        if (v)
          {
            guint n = GPOINTER_TO_UINT (v) - 1;
            lower_edge (L, L->cur, n, RF_OP_SKIP, -1, -1, s->loc, NULL);  /* fallthrough */
            L->cur = n;
          }
        lower_stmt (L, s->body);
      }
      return;
    case C_STMT_LABEL:
      {
        guint n = label_node (L, s->label, s->loc);
        lower_edge (L, L->cur, n, RF_OP_SKIP, -1, -1, s->loc, NULL);
        L->cur = n;
        lower_stmt (L, s->body);
      }
      return;
    case C_STMT_GOTO:
      {
        if (L->scope_cleanups->len > L->frame->scope_base && !L->quiet)
          lower_error (L, s->loc, "unsupported: goto in the scope of '%s', a variable with __attribute__ "
                       "((cleanup)) (the model does not work out which scopes the jump leaves)",
                       ((CDecl *) g_ptr_array_index (L->scope_cleanups, L->scope_cleanups->len - 1))->name);
        g_autofree char *t = g_strdup_printf ("goto %s", s->label);
        lower_edge (L, L->cur, label_node (L, s->label, s->loc), RF_OP_SKIP, -1, -1, s->loc, t);
        lower_dead (L, s->loc);
      }
      return;
    case C_STMT_GOTO_PTR:
      {
        /* goto *p: to any label of the function whose address (&&label) it takes, or
         * to any of its labels when it takes none */
        lower_eval (L, s->expr);
        g_autoptr (GPtrArray) targets = computed_goto_targets (L->frame->fn->body);
        if (targets->len == 0)
          {
            lower_error (L, s->loc, "unsupported: computed goto in a function with no label");
            return;
          }
        for (guint i = 0; i < targets->len; i++)
          {
            const char *label = g_ptr_array_index (targets, i);
            g_autofree char *t = g_strdup_printf ("goto *%s (computed)", label);
            lower_edge (L, L->cur, label_node (L, label, s->loc), RF_OP_SKIP, -1, -1, s->loc, t);
          }
        lower_dead (L, s->loc);
      }
      return;
    case C_STMT_BREAK: case C_STMT_CONTINUE:
      {
        GArray *st = s->kind == C_STMT_BREAK ? L->frame->brk : L->frame->cont;
        GArray *sc = s->kind == C_STMT_BREAK ? L->frame->brk_scope : L->frame->cont_scope;
        if (sc->len)
          run_cleanups (L, g_array_index (sc, guint, sc->len - 1));
        if (st->len)
          lower_edge (L, L->cur, g_array_index (st, guint, st->len - 1), RF_OP_SKIP, -1, -1, s->loc,
                s->kind == C_STMT_BREAK ? "break" : "continue");
        lower_dead (L, s->loc);
      }
      return;
    case C_STMT_RETURN:
      if (L->frame->split && s->expr)
        {
          /* the caller tests the result: the returned value decides where (the
           * cleanups first: an over-approximation of their order) */
          run_cleanups (L, L->frame->scope_base);
          lower_cond (L, s->expr, L->frame->ret_t, L->frame->ret_f);
          lower_dead (L, s->loc);
          return;
        }
      lower_eval (L, s->expr);
      run_cleanups (L, L->frame->scope_base);
      lower_edge (L, L->cur, L->frame->ret, RF_OP_SKIP, -1, -1, s->loc, "return");
      lower_dead (L, s->loc);
      return;
    case C_STMT_ASM:
      lower_asm (L, s);
      return;
    case C_STMT_LOCAL_LABEL:
      return;
    }
}

/* An asm statement: its effect is taken to be on its operands alone, as GCC's
 * extended asm declares it: each input is read (its expression evaluated), each
 * output written (`=`) or read and written (`+`), in that order; a "memory" clobber
 * only keeps the compiler from moving memory accesses across it (a compiler barrier,
 * no access: the asm may still be an atomic instruction, whose accesses racefree
 * then takes for plain ones, which only adds races); `asm goto` may also jump to any
 * of its labels. The approximation is stated in a warning. */
static void
lower_asm (Lower *L, CStmt *s)
{
  CAsm *a = s->asm_;
  g_autofree char *key = g_strdup_printf ("asm:%s:%u:%u", s->loc.file, s->loc.line, s->loc.col);
  lower_warn (L, s->loc, key, "asm statement: assumed to read its inputs and write its outputs, and to touch no "
              "other shared memory (a \"memory\" clobber is taken for a compiler barrier)");
  for (guint i = 0; a && a->inputs && i < a->inputs->len; i++)
    lower_eval (L, ((CAsmOperand *) g_ptr_array_index (a->inputs, i))->expr);
  for (guint i = 0; a && a->outputs && i < a->outputs->len; i++)
    {
      CAsmOperand *o = g_ptr_array_index (a->outputs, i);
      g_autoptr (GPtrArray) ps = lower_lval (L, o->expr);
      gboolean rw = o->constraint && strchr (o->constraint, '+');
      lower_access (L, ps, rw ? ACC_RW : ACC_WRITE, FALSE, s->loc);
    }
  for (guint i = 0; a && a->is_goto && a->labels && i < a->labels->len; i++)
    {
      const char *lab = g_ptr_array_index (a->labels, i);
      g_autofree char *t = g_strdup_printf ("asm goto %s", lab);
      lower_edge (L, L->cur, label_node (L, lab, s->loc), RF_OP_SKIP, -1, -1, s->loc, t);
    }
}

/* Lowers statement S, keeping L->priv.fresh (see fresh_gen) up to date around it. */
void
lower_stmt (Lower *L, CStmt *s)
{
  if (!s)
    return;
  switch (s->kind)
    {
    case C_STMT_COMPOUND:
      lower_stmt_kind (L, s);
      return;
    case C_STMT_IF:
      lower_fresh_kill (L, NULL, s->expr, PV_TEST);
      lower_stmt_kind (L, s);
      return;
    case C_STMT_LABEL: case C_STMT_CASE: case C_STMT_DEFAULT:
      g_hash_table_remove_all (L->priv.fresh);
      lower_stmt_kind (L, s);
      return;
    case C_STMT_WHILE: case C_STMT_DO: case C_STMT_FOR: case C_STMT_SWITCH:
      {
        lower_fresh_kill (L, s, NULL, 0);
        GHashTable *entry = lower_fresh_copy (L->priv.fresh);
        lower_stmt_kind (L, s);
        g_hash_table_unref (L->priv.fresh);
        L->priv.fresh = entry;
      }
      return;
    case C_STMT_DECL: case C_STMT_EXPR:
      lower_fresh_kill (L, s, NULL, 0);
      lower_stmt_kind (L, s);
      lower_fresh_gen_stmt (L, s);
      return;
    default:
      lower_fresh_kill (L, s, NULL, 0);
      lower_stmt_kind (L, s);
      return;
    }
}
