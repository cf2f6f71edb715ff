/* rf-c-points-uninit: the locals a function may read before it assigns them, for the
 * points-to analysis (rf-c-points.c).
 *
 * Approach. Definite assignment. A local pointer declared without an initializer holds an
 * indeterminate value until it is assigned, and that value may point anywhere. The
 * analysis does not follow the order of statements, so it finds here, in order, the
 * reads of such a local that may come before every assignment: one walk of the body
 * with the set of locals assigned on every path so far. An assignment `d = E` (after
 * E) or `&d` (its user is taken to set it) adds d; a branch keeps what both sides
 * assign; a loop keeps what its condition assigns (its body may not run; a do body
 * runs once); at a label, only what every goto to it and the statement before it
 * assign holds (the walk is repeated until the sets at the labels are stable), at a
 * case what held after the switch's condition too; the right operand of &&, || and ?:
 * adds nothing. A local read outside the set is indeterminate (P->indeterminate). */
#include "rf-c-points-private.h"

#include <string.h>

/* Uninit: the walk's state. tracked: the locals declared without an initializer so
 * far; done: those assigned on every path to here (a subset, a set of CDecl*);
 * labels: label name -> the set every goto seen so far had (owned sets; a label with
 * none yet is not constrained); computed: what every computed goto had, or NULL;
 * switches: the sets after the conditions of the switch statements around (borrowed);
 * changed: a label's set shrank during this walk. */
typedef struct {
  RfCPoints *P;
  GHashTable *tracked;
  GHashTable *done;
  GHashTable *labels;
  GHashTable *computed;
  GPtrArray *switches;
  gboolean changed;
} Uninit;

static void uninit_stmt (Uninit *u, CStmt *s);
static void uninit_init (Uninit *u, CInit *in);

static GHashTable *
set_copy (GHashTable *s)
{
  GHashTable *c = g_hash_table_new (NULL, NULL);
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, s);
  while (g_hash_table_iter_next (&it, &k, NULL))
    g_hash_table_add (c, k);
  return c;
}

/* SET = SET ∩ OTHER; TRUE when SET shrank. */
static gboolean
meet_into (GHashTable *set, GHashTable *other)
{
  gboolean shrank = FALSE;
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, set);
  while (g_hash_table_iter_next (&it, &k, NULL))
    if (!g_hash_table_contains (other, k))
      {
        g_hash_table_iter_remove (&it);
        shrank = TRUE;
      }
  return shrank;
}

/* u->done = u->done ∩ OTHER */
static void
set_meet (Uninit *u, GHashTable *other)
{
  meet_into (u->done, other);
}

/* A jump to LABEL (NULL: a computed goto) with the current set. */
static void
jump_from_here (Uninit *u, const char *label)
{
  GHashTable *at = label ? g_hash_table_lookup (u->labels, label) : u->computed;
  if (!at)
    {
      at = set_copy (u->done);
      if (label)
        g_hash_table_insert (u->labels, (gpointer) label, at);
      else
        u->computed = at;
      u->changed = TRUE;
    }
  else if (meet_into (at, u->done))
    u->changed = TRUE;
}

static CDecl *
tracked_local (Uninit *u, CExpr *e)
{
  e = c_peel (e);
  return e && e->kind == C_EXPR_IDENT && e->decl && g_hash_table_contains (u->tracked, e->decl) ? e->decl : NULL;
}

static void
uninit_expr (Uninit *u, CExpr *e)
{
  if (!e)
    return;
  CDecl *d;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      if ((d = tracked_local (u, e)) && !g_hash_table_contains (u->done, d))
        g_hash_table_add (u->P->indeterminate, d);
      return;
    case C_EXPR_ASSIGN:
      if (e->op == C_OP_ASSIGN && (d = tracked_local (u, e->a)))
        {
          uninit_expr (u, e->b);
          g_hash_table_add (u->done, d);
          return;
        }
      break;
    case C_EXPR_UNARY:
      if (e->op == C_OP_ADDR && (d = tracked_local (u, e->a)))
        {
          g_hash_table_add (u->done, d);
          return;
        }
      break;
    case C_EXPR_BINARY:
      if (e->op == C_OP_AND || e->op == C_OP_OR)
        {
          uninit_expr (u, e->a);
          g_autoptr (GHashTable) before = set_copy (u->done);
          uninit_expr (u, e->b);
          set_meet (u, before);
          return;
        }
      break;
    case C_EXPR_COND:
      {
        uninit_expr (u, e->a);
        g_autoptr (GHashTable) before = set_copy (u->done);
        uninit_expr (u, e->b);
        g_autoptr (GHashTable) then_done = set_copy (u->done);
        g_hash_table_unref (u->done);
        u->done = set_copy (before);
        uninit_expr (u, e->c);
        set_meet (u, then_done);
      }
      return;
    case C_EXPR_STMT_EXPR:
      uninit_stmt (u, e->stmt);
      return;
    case C_EXPR_SIZEOF: case C_EXPR_ALIGNOF:
      return;  /* not evaluated (a variable-length array's size only reads integers) */
    default:
      break;
    }
  uninit_expr (u, e->a);
  uninit_expr (u, e->b);
  uninit_expr (u, e->c);
  for (guint i = 0; e->args && i < e->args->len; i++)
    uninit_expr (u, e->kind == C_EXPR_GENERIC ? ((CGenericAssoc *) g_ptr_array_index (e->args, i))->expr
                                              : g_ptr_array_index (e->args, i));
  if (e->kind == C_EXPR_COMPOUND_LIT)
    uninit_init (u, e->init);
}

static void
uninit_init (Uninit *u, CInit *in)
{
  if (!in)
    return;
  uninit_expr (u, in->expr);
  for (guint i = 0; in->items && i < in->items->len; i++)
    uninit_init (u, ((CInitItem *) g_ptr_array_index (in->items, i))->init);
}

/* The body of a branch from the current set; u->done becomes what it assigns too. */
static GHashTable *
uninit_branch (Uninit *u, CStmt *s)
{
  g_autoptr (GHashTable) before = set_copy (u->done);
  uninit_stmt (u, s);
  GHashTable *after = u->done;
  u->done = g_steal_pointer (&before);
  return after;
}

static void
uninit_stmt (Uninit *u, CStmt *s)
{
  if (!s)
    return;
  switch (s->kind)
    {
    case C_STMT_COMPOUND:
      for (guint i = 0; s->items && i < s->items->len; i++)
        uninit_stmt (u, g_ptr_array_index (s->items, i));
      return;
    case C_STMT_DECL:
      for (guint i = 0; s->items && i < s->items->len; i++)
        {
          CDecl *d = g_ptr_array_index (s->items, i);
          if (d->kind != C_DECL_VAR)
            continue;
          uninit_init (u, d->init);
          CType *t = strip (u->P, d->type);
          if (d->init || c_is_static_object (d))
            g_hash_table_add (u->done, d);
          else if (t && t->kind == C_TYPE_POINTER)
            {
              g_hash_table_add (u->tracked, d);
              g_hash_table_remove (u->done, d);  /* indeterminate again at each entry */
            }
        }
      return;
    case C_STMT_IF:
      {
        uninit_expr (u, s->expr);
        g_autoptr (GHashTable) then_done = uninit_branch (u, s->body);
        GHashTable *else_done = uninit_branch (u, s->else_body);
        /* after the if: what both branches assign */
        g_hash_table_unref (u->done);
        u->done = else_done;
        set_meet (u, then_done);
      }
      return;
    case C_STMT_WHILE: case C_STMT_FOR:
      {
        uninit_stmt (u, s->init);
        uninit_expr (u, s->expr);  /* the condition runs at least once */
        g_autoptr (GHashTable) entry = set_copy (u->done);
        uninit_stmt (u, s->body);
        uninit_expr (u, s->expr2);
        /* after the loop: what held when the body was entered (it may not run) */
        g_hash_table_unref (u->done);
        u->done = g_steal_pointer (&entry);
      }
      return;
    case C_STMT_DO:
      uninit_stmt (u, s->body);
      uninit_expr (u, s->expr);
      return;
    case C_STMT_SWITCH:
      {
        /* after the switch: what held after its condition (every path ran it) */
        uninit_expr (u, s->expr);
        g_autoptr (GHashTable) entry = set_copy (u->done);
        g_ptr_array_add (u->switches, entry);
        g_autoptr (GHashTable) body = uninit_branch (u, s->body);
        g_ptr_array_remove_index (u->switches, u->switches->len - 1);
      }
      return;
    case C_STMT_CASE: case C_STMT_DEFAULT:
      /* reached from the switch's condition too */
      if (u->switches->len)
        set_meet (u, g_ptr_array_index (u->switches, u->switches->len - 1));
      else
        g_hash_table_remove_all (u->done);
      uninit_expr (u, s->expr);
      uninit_stmt (u, s->body);
      return;
    case C_STMT_LABEL:
      {
        GHashTable *at = g_hash_table_lookup (u->labels, s->label);
        if (at)
          set_meet (u, at);
        if (u->computed)
          set_meet (u, u->computed);
        uninit_stmt (u, s->body);
      }
      return;
    case C_STMT_GOTO:
      jump_from_here (u, s->label);
      return;
    case C_STMT_GOTO_PTR:
      uninit_expr (u, s->expr);
      jump_from_here (u, NULL);
      return;
    default:
      uninit_expr (u, s->expr);
      uninit_expr (u, s->expr2);
      uninit_stmt (u, s->init);
      uninit_stmt (u, s->body);
      uninit_stmt (u, s->else_body);
      return;
    }
}

void
pts_find_indeterminate (RfCPoints *P, CStmt *body)
{
  Uninit u = { P, g_hash_table_new (NULL, NULL), g_hash_table_new (NULL, NULL),
                g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_hash_table_unref), NULL,
                g_ptr_array_new (), TRUE };
  /* pre: no label constrained; each walk only shrinks the labels' sets (finitely many
   * locals), so it ends; post: a walk that changed nothing, whose reports are sound.
   * Earlier walks, with larger sets at the labels, report a subset of them. */
  while (u.changed)
    {
      u.changed = FALSE;
      g_hash_table_remove_all (u.tracked);
      g_hash_table_remove_all (u.done);
      uninit_stmt (&u, body);
    }
  g_hash_table_unref (u.tracked);
  g_hash_table_unref (u.done);
  g_hash_table_unref (u.labels);
  if (u.computed)
    g_hash_table_unref (u.computed);
  g_ptr_array_unref (u.switches);
}
