/* rf-sml: the small model language front end: syntax tree builders, checks, lowering.
 *
 * Three passes. The parser (grammar/sml.y) builds the tree through the sml_*
 * builders, reporting lexical and syntax errors and recovering. The checks then
 * declare names (redefinitions), resolve every use in source order, infer the kind
 * of each `shared` name from its first use and report conflicting uses, unknown job
 * types and labels; a value variable's declaration is checked as it is read (its values
 * distinct, few enough, the initial one among them), the values of each test and set
 * are resolved against it. Only an error-free tree is lowered: each job type becomes a CFG
 * by backpatching -- a statement is lowered from an existing node and leaves a list
 * of edges whose target is the node where the next statement starts, created only
 * when that statement is reached. So a sequence needs no SKIP edges, and neither do
 * blocks or labels; `set v = B;` leaves one pending edge per value of v. */
#include "rf-sml.h"
#include "sml-ast.h"
#include "sml-parser.h"

#define YYSTYPE SML_STYPE
#define YYLTYPE SML_LTYPE
#include "sml-lexer.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* ---- reporting ---- */

void
sml_report (SmlParser *ctx, RfLoc loc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  rf_diags_addv (ctx->diags, RF_DIAG_ERROR, loc, fmt, ap);
  va_end (ap);
}

void
sml_report_syntax (SmlParser *ctx, RfLoc loc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  rf_diags_addv (ctx->diags, RF_DIAG_ERROR, loc, fmt, ap);
  va_end (ap);
  ctx->n_syntax++;
}

static void
note (SmlParser *ctx, RfLoc loc, const char *msg)
{
  rf_diags_add (ctx->diags, RF_DIAG_NOTE, loc, "%s", msg);
}

/* ---- tree builders ---- */

SmlName *
sml_name_new (char *name, RfLoc loc)
{
  SmlName *n = g_new (SmlName, 1);
  n->name = name;
  n->loc = loc;
  return n;
}

void
sml_name_free (SmlName *n)
{
  if (!n)
    return;
  g_free (n->name);
  g_free (n);
}

GPtrArray *
sml_name_list_new (SmlName *first)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) sml_name_free);
  if (first)
    g_ptr_array_add (list, first);
  return list;
}

GPtrArray *
sml_name_list_append (GPtrArray *list, SmlName *n)
{
  g_ptr_array_add (list, n);
  return list;
}

static SmlStmt *
stmt_new (SmlStmtKind kind, RfLoc loc)
{
  SmlStmt *s = g_new0 (SmlStmt, 1);
  s->kind = kind;
  s->loc = loc;
  s->op = RF_OP_SKIP;
  s->arg_id = -1;
  s->arg2_id = -1;
  s->from_index = -1;
  s->to_index = -1;
  return s;
}

SmlStmt *
sml_stmt_op (RfOpKind op, RfLoc loc, SmlName *arg, SmlName *arg2)
{
  SmlStmt *s = stmt_new (SML_STMT_OP, loc);
  s->op = op;
  s->arg = arg;
  s->arg2 = arg2;
  return s;
}

SmlStmt *
sml_stmt_create_main (RfLoc loc, RfLoc main_loc)
{
  SmlStmt *s = sml_stmt_op (RF_OP_CREATE, loc, sml_name_new (g_strdup ("main"), main_loc), NULL);
  s->create_main = TRUE;
  return s;
}

SmlStmt *
sml_stmt_value (RfLoc loc, SmlName *var, SmlValue to, const SmlValue *from)
{
  SmlStmt *s = sml_stmt_op (RF_OP_VALUE, loc, var, NULL);
  s->to = to;
  if (from)
    s->from = *from;
  s->any_from = from == NULL;
  return s;
}

SmlStmt *
sml_stmt_skip (RfLoc loc)
{
  return stmt_new (SML_STMT_SKIP, loc);
}

SmlStmt *
sml_stmt_if (RfLoc loc, SmlStmt *then_body, SmlStmt *else_body)
{
  SmlStmt *s = stmt_new (SML_STMT_IF, loc);
  s->body = then_body;
  s->else_body = else_body;
  return s;
}

SmlStmt *
sml_stmt_while (RfLoc loc, SmlStmt *body)
{
  SmlStmt *s = stmt_new (SML_STMT_WHILE, loc);
  s->body = body;
  return s;
}

SmlStmt *
sml_stmt_loop (RfLoc loc, SmlStmt *body)
{
  SmlStmt *s = stmt_new (SML_STMT_LOOP, loc);
  s->body = body;
  return s;
}

SmlStmt *
sml_stmt_label (SmlName *label, SmlStmt *body)
{
  SmlStmt *s = stmt_new (SML_STMT_LABEL, label->loc);
  s->arg = label;
  s->body = body;
  return s;
}

SmlStmt *
sml_stmt_goto (RfLoc loc, SmlName *label)
{
  SmlStmt *s = stmt_new (SML_STMT_GOTO, loc);
  s->arg = label;
  return s;
}

SmlStmt *
sml_stmt_block (RfLoc loc, GPtrArray *stmts, RfLoc end)
{
  SmlStmt *s = stmt_new (SML_STMT_BLOCK, loc);
  s->stmts = stmts;
  s->end = end;
  return s;
}

void
sml_stmt_free (SmlStmt *s)
{
  if (!s)
    return;
  sml_name_free (s->arg);
  sml_name_free (s->arg2);
  sml_stmt_free (s->body);
  sml_stmt_free (s->else_body);
  if (s->stmts)
    g_ptr_array_unref (s->stmts);
  g_free (s);
}

GPtrArray *
sml_stmt_list_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) sml_stmt_free);
}

GPtrArray *
sml_stmt_list_append (GPtrArray *list, SmlStmt *s)
{
  if (s)
    g_ptr_array_add (list, s);
  return list;
}

static void
decl_free (SmlDecl *d)
{
  sml_name_free (d->name);
  sml_name_free (d->guard);
  if (d->values)
    g_array_unref (d->values);
  g_free (d);
}

static void
job_free (SmlJob *j)
{
  sml_name_free (j->name);
  sml_stmt_free (j->body);
  g_free (j);
}

/* shared|lock|cond x, y;  -- one SmlDecl per name, checked later. */
void
sml_declare (SmlParser *ctx, SmlDeclHead head, GPtrArray *names, gboolean broken)
{
  if (ctx->jobs->len > 0)
    sml_report (ctx, head.loc, "declarations must come before job types");
  ctx->lost_var |= broken;
  for (guint i = 0; i < names->len; i++)
    {
      SmlDecl *d = g_new0 (SmlDecl, 1);
      d->name = g_steal_pointer (&names->pdata[i]);
      d->kind = head.kind;
      d->inferred = head.inferred;
      d->id = -1;
      d->guard_id = -1;
      g_ptr_array_add (ctx->decls, d);
    }
  g_ptr_array_unref (names);
}

SmlValue
sml_value (SmlParser *ctx, RfLoc loc, gboolean neg, guint64 mag)
{
  guint64 max = neg ? (guint64) G_MAXINT64 + 1 : (guint64) G_MAXINT64;
  if (mag > max)
    {
      sml_report (ctx, loc, "value out of range (%" G_GINT64_FORMAT " to %" G_GINT64_FORMAT ")",
                  G_MININT64, G_MAXINT64);
      mag = max;
    }
  /* -(2^63) has no positive counterpart: negate in unsigned arithmetic */
  return (SmlValue) { neg ? (gint64) (0 - mag) : (gint64) mag, loc };
}

GArray *
sml_value_list_new (SmlValue first)
{
  GArray *list = g_array_new (FALSE, FALSE, sizeof (SmlValue));
  g_array_append_val (list, first);
  return list;
}

GArray *
sml_value_list_append (GArray *list, SmlValue v)
{
  g_array_append_val (list, v);
  return list;
}

static gint
value_cmp (gconstpointer a, gconstpointer b)
{
  gint64 x = ((const SmlValue *) a)->v, y = ((const SmlValue *) b)->v;
  return x < y ? -1 : x > y;
}

/* The index of V in VALUES, or -1. */
static gint
value_index (GArray *values, gint64 v)
{
  for (guint i = 0; i < values->len; i++)
    if (g_array_index (values, SmlValue, i).v == v)
      return (gint) i;
  return -1;
}

/* value NAME {V1, ..., Vn} = INIT [of GUARD];  -- checked here, in source order (the
 * duplicates only when there are few enough values, so that a huge list costs
 * nothing), then sorted ascending: the values' order in the program model. */
void
sml_declare_value (SmlParser *ctx, RfLoc loc, SmlName *name, GArray *values, SmlValue init,
                   SmlName *guard)
{
  if (ctx->jobs->len > 0)
    sml_report (ctx, loc, "declarations must come before job types");
  if (values->len > RF_VALUE_MAX)
    sml_report (ctx, g_array_index (values, SmlValue, RF_VALUE_MAX).loc,
                "too many values for '%s' (at most %u)", name->name, RF_VALUE_MAX);
  else
    for (guint i = 1; i < values->len; i++)
      for (guint j = 0; j < i; j++)
        {
          const SmlValue *a = &g_array_index (values, SmlValue, i), *b = &g_array_index (values, SmlValue, j);
          if (a->v == b->v)
            {
              sml_report (ctx, a->loc, "duplicate value %" G_GINT64_FORMAT " of '%s'", a->v, name->name);
              note (ctx, b->loc, "first given here");
              break;
            }
        }
  g_array_sort (values, value_cmp);
  gint init_index = value_index (values, init.v);
  if (init_index < 0)
    sml_report (ctx, init.loc, "initial value %" G_GINT64_FORMAT " is not one of the values of '%s'",
                init.v, name->name);

  SmlDecl *d = g_new0 (SmlDecl, 1);
  d->name = name;
  d->kind = RF_VAR_VALUE;
  d->id = -1;
  d->values = values;
  d->init_index = (guint) MAX (init_index, 0);
  d->guard = guard;
  d->guard_id = -1;
  g_ptr_array_add (ctx->decls, d);
}

/* thread NAME [start] { ... }  and  main { ... } */
void
sml_define_job (SmlParser *ctx, SmlName *name, SmlStart start, SmlStmt *body)
{
  SmlJob *j = g_new0 (SmlJob, 1);
  j->name = name;
  j->start = start.kind;
  j->body = body;
  j->id = -1;
  if (start.kind == RF_START_COUNT)
    {
      if (start.count == 0)
        sml_report (ctx, start.loc, "thread count must be at least 1");
      else if (start.count > G_MAXUINT32)
        sml_report (ctx, start.loc, "thread count too large (at most %u)", G_MAXUINT32);
      j->count = (guint) MIN (start.count, (guint64) G_MAXUINT32);
    }
  g_ptr_array_add (ctx->jobs, j);
}

void
sml_define_thread_main (SmlParser *ctx, RfLoc loc, SmlStmt *body)
{
  sml_report (ctx, loc, "use 'main { ... }' for the main job type");
  sml_define_job (ctx, sml_name_new (g_strdup ("main"), loc),
                  (SmlStart) { RF_START_COUNT, 1, loc }, body);
}

/* ---- scanner hooks ---- */

void
sml_lex_advance (SmlParser *ctx, const char *text, gsize len)
{
  rf_loc_advance (&ctx->line, &ctx->col, text, len);
}

void
sml_lex_stray (SmlParser *ctx, RfLoc loc, const char *text, gsize len)
{
  g_autofree char *q = rf_diag_quote_char (text, len);
  sml_report_syntax (ctx, loc, "stray %s in program", q);
}

void
sml_lex_open_brace (SmlParser *ctx, RfLoc loc)
{
  g_array_append_val (ctx->braces, loc);
  if (ctx->braces->len > RF_NESTING_MAX)
    {
      sml_report_syntax (ctx, loc, "nesting too deep (more than %u brackets open)", RF_NESTING_MAX);
      rf_diags_stop (ctx->diags);
    }
}

void
sml_lex_close_brace (SmlParser *ctx)
{
  if (ctx->braces->len > 0)
    g_array_set_size (ctx->braces, ctx->braces->len - 1);
}

/* A '{' thrown away by error recovery is the last '{' read (a discarded lookahead)
 * or lies on the parser's stack below nothing but thrown-away ones, so it is the
 * top of the scanner's stack. */
void
sml_lex_forget_brace (SmlParser *ctx, RfLoc loc)
{
  guint n = ctx->braces->len;
  if (n == 0)
    return;
  RfLoc top = g_array_index (ctx->braces, RfLoc, n - 1);
  if (top.line == loc.line && top.col == loc.col)
    g_array_set_size (ctx->braces, n - 1);
}

/* One error for the innermost unclosed '{' (none after an unterminated comment,
 * which said it all), then a '}' for each. */
void
sml_lex_close_all (SmlParser *ctx, RfLoc where)
{
  if (ctx->braces->len == 0)
    return;
  if (!ctx->dead)
    {
      RfLoc open = g_array_index (ctx->braces, RfLoc, ctx->braces->len - 1);
      sml_report_syntax (ctx, where, "'}' expected (to close '{' at line %u)", open.line);
    }
  ctx->closers += ctx->braces->len;
  ctx->close_loc = where;
  g_array_set_size (ctx->braces, 0);
}

/* ---- checks ---- */

/* Checker: the name tables of one program check. */
typedef struct {
  SmlParser *ctx;
  GHashTable *vars;        /* name -> SmlDecl* (first definition), borrowed */
  GHashTable *jobs;        /* name -> SmlJob* (first definition), borrowed */
  GHashTable *undeclared;  /* names reported undeclared (set), borrowed */
  GHashTable *labels;      /* current job: name -> SmlStmt* (label), borrowed */
  GPtrArray *gotos;        /* current job: SmlStmt* (goto), borrowed */
} Checker;

static const char *
kind_phrase (RfVarKind kind)
{
  switch (kind)
    {
    case RF_VAR_DATA: return "data";
    case RF_VAR_LOCK: return "a lock";
    case RF_VAR_COND: return "a condition variable";
    case RF_VAR_SEM: return "a semaphore";
    case RF_VAR_RWLOCK: return "a read-write lock";
    case RF_VAR_VALUE: return "a value variable";
    }
  g_assert_not_reached ();
}

/* A use of NAME as KIND: resolve it, fix or check its kind. Returns the var id or -1. */
static gint
use_var (Checker *ck, const SmlName *name, RfVarKind kind)
{
  SmlDecl *d = g_hash_table_lookup (ck->vars, name->name);
  if (!d)
    {
      if (!ck->ctx->lost_var && g_hash_table_add (ck->undeclared, name->name))
        sml_report (ck->ctx, name->loc, "'%s' undeclared", name->name);
      return -1;
    }
  if (d->inferred && kind == RF_VAR_VALUE)
    {
      /* a value variable needs its values: no kind inferred */
      sml_report (ck->ctx, name->loc, "'%s' is used as a value variable here, but declared 'shared' "
                  "(a value variable is declared with 'value')", name->name);
      g_autofree char *msg = g_strdup_printf ("'%s' declared here", name->name);
      note (ck->ctx, d->name->loc, msg);
      return -1;
    }
  if (!d->inferred)
    {
      if (d->kind != kind)
        {
          sml_report (ck->ctx, name->loc, "'%s' is used as %s here, but declared as %s",
                      name->name, kind_phrase (kind), kind_phrase (d->kind));
          g_autofree char *msg = g_strdup_printf ("'%s' declared here", name->name);
          note (ck->ctx, d->name->loc, msg);
        }
    }
  else if (!d->used)
    {
      /* shared m: the first use decides the kind. */
      d->used = TRUE;
      d->kind = kind;
      d->use = name->loc;
    }
  else if (d->kind != kind && !d->conflict)
    {
      d->conflict = TRUE;
      sml_report (ck->ctx, name->loc, "'%s' is used as %s here, but as %s at %s:%u:%u",
                  name->name, kind_phrase (kind), kind_phrase (d->kind),
                  d->use.file, d->use.line, d->use.col);
    }
  return d->id;
}

static RfVarKind
operand_kind (RfOpKind op)
{
  switch (op)
    {
    case RF_OP_READ: case RF_OP_WRITE: return RF_VAR_DATA;
    case RF_OP_ACQUIRE: case RF_OP_RELEASE: return RF_VAR_LOCK;
    case RF_OP_WAIT: case RF_OP_SIGNAL: case RF_OP_BROADCAST: return RF_VAR_COND;
    case RF_OP_POST: case RF_OP_TAKE: return RF_VAR_SEM;
    case RF_OP_RDLOCK: case RF_OP_WRLOCK: case RF_OP_RWUNLOCK: return RF_VAR_RWLOCK;
    case RF_OP_VALUE: return RF_VAR_VALUE;
    case RF_OP_SKIP: case RF_OP_CREATE: case RF_OP_JOINALL: case RF_OP_SLEEP: break;
    }
  g_assert_not_reached ();
}

static void
check_create (Checker *ck, SmlStmt *s)
{
  if (s->create_main)
    {
      sml_report (ck->ctx, s->arg->loc, "cannot create 'main'");
      return;
    }
  SmlJob *j = g_hash_table_lookup (ck->jobs, s->arg->name);
  if (!j)
    {
      if (!ck->ctx->lost_job)
        sml_report (ck->ctx, s->arg->loc, "unknown job type '%s'", s->arg->name);
    }
  else
    s->arg_id = j->id;
}

/* The index of value V of value variable D, or -1, reported. */
static gint
resolve_value (Checker *ck, const SmlDecl *d, SmlValue v)
{
  gint i = value_index (d->values, v.v);
  if (i < 0)
    {
      sml_report (ck->ctx, v.loc, "%" G_GINT64_FORMAT " is not one of the values of '%s'", v.v, d->name->name);
      g_autofree char *msg = g_strdup_printf ("'%s' declared here", d->name->name);
      note (ck->ctx, d->name->loc, msg);
    }
  return i;
}

/* test v == A, set v = B from A, set v = B: the values of a declared value variable. */
static void
check_value_op (Checker *ck, SmlStmt *s)
{
  SmlDecl *d = g_hash_table_lookup (ck->vars, s->arg->name);
  if (s->arg_id < 0 || !d || d->kind != RF_VAR_VALUE)
    return;
  s->n_values = d->values->len;
  s->to_index = resolve_value (ck, d, s->to);
  if (!s->any_from)  /* a test has one value: reported once */
    s->from_index = s->from.v == s->to.v ? s->to_index : resolve_value (ck, d, s->from);
}

static void
check_stmt (Checker *ck, SmlStmt *s)
{
  if (!s)
    return;
  switch (s->kind)
    {
    case SML_STMT_OP:
      if (s->op == RF_OP_CREATE || s->op == RF_OP_JOINALL)
        check_create (ck, s);
      else
        s->arg_id = use_var (ck, s->arg, operand_kind (s->op));
      if (s->op == RF_OP_WAIT)
        s->arg2_id = use_var (ck, s->arg2, RF_VAR_LOCK);
      if (s->op == RF_OP_JOINALL && s->arg2)
        s->arg2_id = use_var (ck, s->arg2, RF_VAR_SEM);
      if (s->op == RF_OP_VALUE)
        check_value_op (ck, s);
      break;
    case SML_STMT_SKIP:
      break;
    case SML_STMT_IF:
      check_stmt (ck, s->body);
      check_stmt (ck, s->else_body);
      break;
    case SML_STMT_WHILE:
    case SML_STMT_LOOP:
      check_stmt (ck, s->body);
      break;
    case SML_STMT_LABEL:
      {
        SmlStmt *prev = g_hash_table_lookup (ck->labels, s->arg->name);
        if (prev)
          {
            sml_report (ck->ctx, s->arg->loc, "redefinition of label '%s'", s->arg->name);
            note (ck->ctx, prev->arg->loc, "previous definition here");
          }
        else
          g_hash_table_insert (ck->labels, s->arg->name, s);
        check_stmt (ck, s->body);
      }
      break;
    case SML_STMT_GOTO:
      g_ptr_array_add (ck->gotos, s);
      break;
    case SML_STMT_BLOCK:
      for (guint i = 0; i < s->stmts->len; i++)
        check_stmt (ck, g_ptr_array_index (s->stmts, i));
      break;
    }
}

/* Labels are per job type; a goto may jump forward, so gotos are checked last. */
static void
check_job (Checker *ck, SmlJob *j)
{
  ck->labels = g_hash_table_new (g_str_hash, g_str_equal);
  ck->gotos = g_ptr_array_new ();
  check_stmt (ck, j->body);
  for (guint i = 0; i < ck->gotos->len; i++)
    {
      SmlStmt *g = g_ptr_array_index (ck->gotos, i);
      if (!g_hash_table_contains (ck->labels, g->arg->name))
        sml_report (ck->ctx, g->arg->loc, "label '%s' used but not defined", g->arg->name);
    }
  g_clear_pointer (&ck->labels, g_hash_table_unref);
  g_clear_pointer (&ck->gotos, g_ptr_array_unref);
}

static void
redefinition (SmlParser *ctx, const SmlName *name, const SmlName *prev)
{
  sml_report (ctx, name->loc, "redefinition of '%s'", name->name);
  note (ctx, prev->loc, "previous definition here");
}

/* Pass 1 gives ids to first definitions; pass 2 resolves uses in source order. */
static void
check_program (SmlParser *ctx)
{
  Checker ck = { .ctx = ctx };
  ck.vars = g_hash_table_new (g_str_hash, g_str_equal);
  ck.jobs = g_hash_table_new (g_str_hash, g_str_equal);
  ck.undeclared = g_hash_table_new (g_str_hash, g_str_equal);

  gint n = 0;
  for (guint i = 0; i < ctx->decls->len; i++)
    {
      SmlDecl *d = g_ptr_array_index (ctx->decls, i);
      SmlDecl *prev = g_hash_table_lookup (ck.vars, d->name->name);
      if (prev)
        redefinition (ctx, d->name, prev->name);
      else
        {
          d->id = n++;
          g_hash_table_insert (ck.vars, d->name->name, d);
        }
    }
  n = 0;
  for (guint i = 0; i < ctx->jobs->len; i++)
    {
      SmlJob *j = g_ptr_array_index (ctx->jobs, i);
      SmlJob *prev = g_hash_table_lookup (ck.jobs, j->name->name);
      if (prev)
        redefinition (ctx, j->name, prev->name);
      else
        {
          j->id = n++;
          g_hash_table_insert (ck.jobs, j->name->name, j);
        }
    }
  /* of GUARD: a use of a data variable, before every statement in source order */
  for (guint i = 0; i < ctx->decls->len; i++)
    {
      SmlDecl *d = g_ptr_array_index (ctx->decls, i);
      if (d->guard)
        d->guard_id = use_var (&ck, d->guard, RF_VAR_DATA);
    }
  for (guint i = 0; i < ctx->jobs->len; i++)
    check_job (&ck, g_ptr_array_index (ctx->jobs, i));

  g_hash_table_unref (ck.vars);
  g_hash_table_unref (ck.jobs);
  g_hash_table_unref (ck.undeclared);
}

/* ---- lowering ---- */

/* Target of an edge not yet patched to the node where control continues. */
#define PENDING G_MAXUINT

/* Exit: where control is after a statement: at an existing node (node >= 0) or on
 * the edges in pending (edge indices, owned; possibly none: no fall-through). */
typedef struct {
  gint node;
  GArray *pending;
} Exit;

/* Lowerer: one job type being lowered. */
typedef struct {
  RfJob *job;
  GHashTable *labels;  /* name -> GUINT_TO_POINTER (node + 1), borrowed names */
  GArray *gotos;       /* Goto, patched at the end */
} Lowerer;

/* Goto: the edge of `goto label`, whose target is known once the job is lowered. */
typedef struct {
  guint edge;
  const char *label;   /* borrowed from the tree */
} Goto;

static Exit
exit_at (guint node)
{
  return (Exit) { (gint) node, NULL };
}

static Exit
exit_on (gint edge)
{
  Exit x = { -1, g_array_new (FALSE, FALSE, sizeof (guint)) };
  if (edge >= 0)
    g_array_append_val (x.pending, edge);
  return x;
}

static guint
edge (Lowerer *lw, guint from, guint to, RfOpKind op, gint arg, gint arg2, RfLoc loc, const char *text)
{
  rf_job_add_edge (lw->job, from, to, op, arg, arg2, loc, text);
  return lw->job->edges->len - 1;
}

static void
patch (Lowerer *lw, GArray *pending, guint node)
{
  for (guint i = 0; i < pending->len; i++)
    g_array_index (lw->job->edges, RfEdge, g_array_index (pending, guint, i)).to = node;
}

/* The node control is at after X, created (at LOC) when control is on edges. */
static guint
materialize (Lowerer *lw, Exit *x, RfLoc loc)
{
  if (x->node < 0)
    {
      x->node = (gint) rf_job_add_node (lw->job, loc);
      patch (lw, x->pending, x->node);
      g_clear_pointer (&x->pending, g_array_unref);
    }
  return x->node;
}

/* Control continuing after A or after B. */
static Exit
merge (Lowerer *lw, Exit a, Exit b)
{
  if (a.node < 0 && b.node < 0)
    {
      g_array_append_vals (a.pending, b.pending->data, b.pending->len);
      g_array_unref (b.pending);
      return a;
    }
  if (a.node < 0)
    return merge (lw, b, a);
  if (b.node < 0)
    {
      patch (lw, b.pending, a.node);
      g_array_unref (b.pending);
    }
  else if (b.node != a.node)
    edge (lw, b.node, a.node, RF_OP_SKIP, -1, -1, RF_LOC_NONE, NULL);
  return a;
}

/* Sends control after X back to node H (loop back edge). */
static void
close_to (Lowerer *lw, Exit x, guint h)
{
  if (x.node < 0)
    {
      patch (lw, x.pending, h);
      g_array_unref (x.pending);
    }
  else if ((guint) x.node != h)
    edge (lw, x.node, h, RF_OP_SKIP, -1, -1, RF_LOC_NONE, NULL);
}

/* No operation in S (it may still define labels). */
static gboolean
is_empty (const SmlStmt *s)
{
  if (!s)
    return TRUE;
  switch (s->kind)
    {
    case SML_STMT_LABEL:
      return is_empty (s->body);
    case SML_STMT_BLOCK:
      for (guint i = 0; i < s->stmts->len; i++)
        if (!is_empty (g_ptr_array_index (s->stmts, i)))
          return FALSE;
      return TRUE;
    default:
      return FALSE;
    }
}

/* Nothing at all in S: no operation, no label. */
static gboolean
is_void (const SmlStmt *s)
{
  if (!s)
    return TRUE;
  if (s->kind == SML_STMT_LABEL)
    return FALSE;
  if (s->kind == SML_STMT_BLOCK)
    {
      for (guint i = 0; i < s->stmts->len; i++)
        if (!is_void (g_ptr_array_index (s->stmts, i)))
          return FALSE;
      return TRUE;
    }
  return FALSE;
}

/* Where a non-void S starts: its keyword or label, through blocks. */
static RfLoc
start_loc (const SmlStmt *s)
{
  if (s->kind == SML_STMT_BLOCK)
    for (guint i = 0; i < s->stmts->len; i++)
      {
        const SmlStmt *c = g_ptr_array_index (s->stmts, i);
        if (!is_void (c))
          return start_loc (c);
      }
  return s->loc;
}

/* The labels of an empty S all name NODE. */
static void
bind_labels (Lowerer *lw, const SmlStmt *s, guint node)
{
  if (!s)
    return;
  if (s->kind == SML_STMT_LABEL)
    {
      g_hash_table_insert (lw->labels, s->arg->name, GUINT_TO_POINTER (node + 1));
      bind_labels (lw, s->body, node);
    }
  else if (s->kind == SML_STMT_BLOCK)
    for (guint i = 0; i < s->stmts->len; i++)
      bind_labels (lw, g_ptr_array_index (s->stmts, i), node);
}

static Exit lower_stmt (Lowerer *lw, const SmlStmt *s, guint from);

/* S1; S: S starts where control is after S1 (a node is made only when needed). */
static Exit
lower_step (Lowerer *lw, Exit x, const SmlStmt *s)
{
  if (is_void (s))
    return x;
  guint node = materialize (lw, &x, start_loc (s));
  if (is_empty (s))
    {
      bind_labels (lw, s, node);
      return x;
    }
  return lower_stmt (lw, s, node);
}

/* if (*) S1 else S2:  i -> S1 (then) ; i -> S2 or after (else) */
static Exit
lower_if (Lowerer *lw, const SmlStmt *s, guint from)
{
  if (is_void (s->body) && is_void (s->else_body))
    return exit_on (edge (lw, from, PENDING, RF_OP_SKIP, -1, -1, s->loc, "if (*)"));
  guint e1 = edge (lw, from, PENDING, RF_OP_SKIP, -1, -1, s->loc, "if (*): then");
  guint e2 = edge (lw, from, PENDING, RF_OP_SKIP, -1, -1, s->loc, "if (*): else");
  Exit x1 = lower_step (lw, exit_on (e1), s->body);
  Exit x2 = lower_step (lw, exit_on (e2), s->else_body);
  return merge (lw, x1, x2);
}

/* while (*) S:  h -> S (enter), S's end -> h, h -> after (exit) */
static Exit
lower_while (Lowerer *lw, const SmlStmt *s, guint h)
{
  if (is_void (s->body))
    return exit_on (edge (lw, h, PENDING, RF_OP_SKIP, -1, -1, s->loc, "while (*): exit"));
  guint in = edge (lw, h, PENDING, RF_OP_SKIP, -1, -1, s->loc, "while (*): enter");
  guint out = edge (lw, h, PENDING, RF_OP_SKIP, -1, -1, s->loc, "while (*): exit");
  close_to (lw, lower_step (lw, exit_on (in), s->body), h);
  return exit_on (out);
}

/* while (true) S:  S starts at h and ends at h; nothing falls through. */
static Exit
lower_loop (Lowerer *lw, const SmlStmt *s, guint h)
{
  if (is_empty (s->body))
    bind_labels (lw, s->body, h);
  else
    close_to (lw, lower_stmt (lw, s->body, h), h);
  return exit_on (-1);
}

/* test v == a, set v = b from a:  i -> j moving v from a to b (arg2 = a * n + b);
 * set v = b:  one such edge i -> j for each value a of v, all to the same next node. */
static Exit
lower_value (Lowerer *lw, const SmlStmt *s, guint from)
{
  guint n = s->n_values, to = (guint) s->to_index;
  if (!s->any_from)
    return exit_on (edge (lw, from, PENDING, RF_OP_VALUE, s->arg_id, (gint) ((guint) s->from_index * n + to),
                          s->loc, NULL));
  Exit x = exit_on (-1);
  for (guint a = 0; a < n; a++)
    {
      guint e = edge (lw, from, PENDING, RF_OP_VALUE, s->arg_id, (gint) (a * n + to), s->loc, NULL);
      g_array_append_val (x.pending, e);
    }
  return x;
}

/* A non-empty statement S from node FROM. */
static Exit
lower_stmt (Lowerer *lw, const SmlStmt *s, guint from)
{
  switch (s->kind)
    {
    case SML_STMT_OP:
      if (s->op == RF_OP_VALUE)
        return lower_value (lw, s, from);
      /* op: pc_i -> pc_j */
      return exit_on (edge (lw, from, PENDING, s->op, s->arg_id, s->arg2_id, s->loc, NULL));
    case SML_STMT_SKIP:
      return exit_on (edge (lw, from, PENDING, RF_OP_SKIP, -1, -1, s->loc, NULL));
    case SML_STMT_GOTO:
      {
        g_autofree char *text = g_strdup_printf ("goto %s", s->arg->name);
        Goto g = { edge (lw, from, from, RF_OP_SKIP, -1, -1, s->loc, text), s->arg->name };
        g_array_append_val (lw->gotos, g);
        return exit_on (-1);
      }
    case SML_STMT_LABEL:
      g_hash_table_insert (lw->labels, s->arg->name, GUINT_TO_POINTER (from + 1));
      return lower_stmt (lw, s->body, from);
    case SML_STMT_IF:
      return lower_if (lw, s, from);
    case SML_STMT_WHILE:
      return lower_while (lw, s, from);
    case SML_STMT_LOOP:
      return lower_loop (lw, s, from);
    case SML_STMT_BLOCK:
      {
        Exit x = exit_at (from);
        for (guint i = 0; i < s->stmts->len; i++)
          x = lower_step (lw, x, g_ptr_array_index (s->stmts, i));
        return x;
      }
    }
  g_assert_not_reached ();
}

/* One job type: entry node at the first statement, exit node at the closing brace
 * (the entry itself for an empty body; none when control never gets there). */
static void
lower_job (RfJob *rjob, const SmlJob *j)
{
  Lowerer lw = { rjob, g_hash_table_new (g_str_hash, g_str_equal),
                 g_array_new (FALSE, FALSE, sizeof (Goto)) };
  const SmlStmt *body = j->body;
  if (is_void (body))
    rjob->entry = rf_job_add_node (rjob, body->end), rjob->exit = (gint) rjob->entry;
  else
    {
      rjob->entry = rf_job_add_node (rjob, start_loc (body));
      Exit x = lower_step (&lw, exit_at (rjob->entry), body);
      if (x.node >= 0)
        {
          g_array_index (rjob->nodes, RfLoc, x.node) = body->end;
          rjob->exit = x.node;
        }
      else
        {
          if (x.pending->len > 0)
            patch (&lw, x.pending, (guint) (rjob->exit = (gint) rf_job_add_node (rjob, body->end)));
          g_array_unref (x.pending);
        }
    }
  /* goto L: i -> node of L (the checks made sure L is defined) */
  for (guint i = 0; i < lw.gotos->len; i++)
    {
      const Goto *g = &g_array_index (lw.gotos, Goto, i);
      gpointer node = g_hash_table_lookup (lw.labels, g->label);
      g_assert (node != NULL);
      g_array_index (rjob->edges, RfEdge, g->edge).to = GPOINTER_TO_UINT (node) - 1;
    }
  g_hash_table_unref (lw.labels);
  g_array_unref (lw.gotos);
}

static RfProgram *
lower_program (SmlParser *ctx)
{
  RfProgram *prog = rf_program_new ();
  for (guint i = 0; i < ctx->decls->len; i++)
    {
      const SmlDecl *d = g_ptr_array_index (ctx->decls, i);
      guint id;
      if (d->kind == RF_VAR_VALUE)
        {
          g_autofree gint64 *values = g_new (gint64, d->values->len);
          for (guint k = 0; k < d->values->len; k++)
            values[k] = g_array_index (d->values, SmlValue, k).v;
          id = rf_program_add_value (prog, d->name->name, d->name->loc, values, d->values->len,
                                     d->init_index, d->guard_id);
        }
      else
        id = rf_program_add_var (prog, d->name->name, d->kind, d->name->loc);
      g_assert ((gint) id == d->id);
    }
  for (guint i = 0; i < ctx->jobs->len; i++)
    {
      const SmlJob *j = g_ptr_array_index (ctx->jobs, i);
      guint id = rf_program_add_job (prog, j->name->name, j->name->loc, j->start, j->count);
      g_assert ((gint) id == j->id);
    }
  for (guint i = 0; i < ctx->jobs->len; i++)
    lower_job (rf_program_get_job (prog, i), g_ptr_array_index (ctx->jobs, i));
  g_assert (rf_program_is_valid (prog));
  return prog;
}

/* ---- entry points ---- */

static RfProgram *
parse_text (const char *file, const char *text, gsize len, RfDiags *diags, GError **error)
{
  file = g_intern_string (file ? file : "<input>");
  gsize bom = rf_input_bom_length (text, len);
  text += bom;
  len -= bom;
  rf_diags_set_source (diags, file, text);
  guint errors_before = rf_diags_n_errors (diags);

  SmlParser ctx = {
    .file = file,
    .diags = diags,
    .line = 1,
    .col = 1,
    .last_end = { file, 1, 1 },
    .prev_end = { file, 1, 1 },
    .braces = g_array_new (FALSE, FALSE, sizeof (RfLoc)),
    .decls = g_ptr_array_new_with_free_func ((GDestroyNotify) decl_free),
    .jobs = g_ptr_array_new_with_free_func ((GDestroyNotify) job_free),
  };
  yyscan_t scanner;
  if (sml_lex_init_extra (&ctx, &scanner) != 0)
    g_error ("rf-sml: cannot initialise the scanner");
  YY_BUFFER_STATE buf = sml__scan_bytes (text, (int) len, scanner);
  int status = sml_parse (scanner, &ctx);
  sml__delete_buffer (buf, scanner);
  sml_lex_destroy (scanner);
  if (status != 0 && rf_diags_n_errors (diags) == errors_before)
    sml_report_syntax (&ctx, ctx.last_end, "syntax error");

  check_program (&ctx);

  RfProgram *prog = NULL;
  guint n = rf_diags_n_errors (diags) - errors_before;
  if (n == 0)
    prog = lower_program (&ctx);
  else
    g_set_error (error, RF_INPUT_ERROR,
                 ctx.n_syntax > 0 ? RF_INPUT_ERROR_SYNTAX : RF_INPUT_ERROR_SEMANTIC,
                 "%u error%s", n, n == 1 ? "" : "s");

  g_array_unref (ctx.braces);
  g_ptr_array_unref (ctx.decls);
  g_ptr_array_unref (ctx.jobs);
  return prog;
}

RfProgram *
rf_sml_parse (const char *file, const char *text, RfDiags *diags, GError **error)
{
  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (diags != NULL, NULL);
  return parse_text (file, text, strlen (text), diags, error);
}

RfProgram *
rf_sml_parse_file (const char *file, RfDiags *diags, GError **error)
{
  g_return_val_if_fail (file != NULL, NULL);
  g_return_val_if_fail (diags != NULL, NULL);
  g_autoptr (GString) text = rf_input_read_file (file, NULL, error);
  if (!text)
    return NULL;
  return parse_text (file, text->str, text->len, diags, error);
}
