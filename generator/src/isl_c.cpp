// See isl_c.h: C API calls behind C++ signatures. A `.copy()` is passed
// where isl takes (__isl_take), `.get()` where it keeps (__isl_keep), and
// every __isl_give result is wrapped with isl::manage at once.
#include "isl_c.h"

#include <cstdint>
#include <cstdlib>
#include <exception>

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/options.h>
#include <isl/printer.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>

namespace swgen::islc {

context::context() : ctx_(isl_ctx_alloc()) {
  isl_options_set_on_error(ctx_, ISL_ON_ERROR_CONTINUE);
  isl_options_set_tile_scale_tile_loops(ctx_, 1);
  isl_options_set_tile_shift_point_loops(ctx_, 0);
  isl_options_set_ast_build_detect_min_max(ctx_, 1);
}

context::~context() { isl_ctx_free(ctx_); }

isl::union_set node_domain(const isl::schedule_node& node) {
  return isl::manage(isl_schedule_node_get_domain(node.get()));
}

int schedule_depth(const isl::schedule_node& node) {
  return isl_schedule_node_get_schedule_depth(node.get());
}

isl::space band_space(const isl::schedule_node& band) {
  return isl::manage(isl_schedule_node_band_get_space(band.get()));
}

isl::schedule_node delete_node(isl::schedule_node node) {
  return isl::manage(isl_schedule_node_delete(node.release()));
}

isl::schedule_node band_sink(isl::schedule_node band) {
  return isl::manage(isl_schedule_node_band_sink(band.release()));
}

std::string mark_name(const isl::schedule_node& mark) {
  isl_id* id = isl_schedule_node_mark_get_id(mark.get());
  const std::string name = id && isl_id_get_name(id) ? isl_id_get_name(id) : "";
  isl_id_free(id);
  return name;
}

std::string schedule_text(const isl::schedule& schedule) {
  isl_printer* p = isl_printer_to_str(isl_schedule_get_ctx(schedule.get()));
  p = isl_printer_set_yaml_style(p, ISL_YAML_STYLE_BLOCK);
  p = isl_printer_print_schedule(p, schedule.get());
  char* text = isl_printer_get_str(p);
  isl_printer_free(p);
  std::string result = text ? text : "";
  free(text);
  return result;
}

isl::map lex_lt(const isl::space& set_space) {
  return isl::manage(isl_map_lex_lt(set_space.copy()));
}

namespace {

// The hooks plus the first exception a hook threw (isl callbacks must not
// unwind through C frames). After an error isl unwinds with NULLs; the hooks
// are not called again.
struct hook_state {
  ast_hooks* hooks;
  std::exception_ptr error;
  void fail() {
    if (!error) error = std::current_exception();
  }
};

isl_stat on_before_mark(isl_id* mark, isl_ast_build* build, void* user) {
  auto* s = static_cast<hook_state*>(user);
  if (s->error) return isl_stat_error;
  try {
    if (s->hooks->before_mark) s->hooks->before_mark(isl::manage_copy(mark), isl::manage_copy(build));
    return isl_stat_ok;
  } catch (...) {
    s->fail();
    return isl_stat_error;
  }
}

isl_ast_node* on_after_mark(isl_ast_node* node, isl_ast_build* build, void* user) {
  auto* s = static_cast<hook_state*>(user);
  if (!node) return nullptr;
  isl::ast_node owned = isl::manage(node);
  if (s->error) return nullptr;
  try {
    if (!s->hooks->after_mark) return owned.release();
    return s->hooks->after_mark(owned, isl::manage_copy(build)).release();
  } catch (...) {
    s->fail();
    return nullptr;
  }
}

isl_id* on_before_for(isl_ast_build* build, void* user) {
  auto* s = static_cast<hook_state*>(user);
  if (s->error) return nullptr;
  try {
    const std::string name = s->hooks->before_for ? s->hooks->before_for(isl::manage_copy(build)) : "";
    return isl_id_alloc(isl_ast_build_get_ctx(build), name.c_str(), nullptr);
  } catch (...) {
    s->fail();
    return nullptr;
  }
}

isl_ast_node* on_after_for(isl_ast_node* node, isl_ast_build*, void* user) {
  auto* s = static_cast<hook_state*>(user);
  if (s->error) return node;
  if (s->hooks->after_for) s->hooks->after_for();
  return node;
}

}  // namespace

isl::ast_node build_ast(const isl::schedule& schedule, const isl::set& context, ast_hooks& hooks) {
  hook_state state{&hooks, nullptr};
  isl_ast_build* build = isl_ast_build_from_context(context.copy());
  build = isl_ast_build_set_before_each_mark(build, &on_before_mark, &state);
  build = isl_ast_build_set_after_each_mark(build, &on_after_mark, &state);
  build = isl_ast_build_set_before_each_for(build, &on_before_for, &state);
  build = isl_ast_build_set_after_each_for(build, &on_after_for, &state);
  isl_ast_node* tree = isl_ast_build_node_from_schedule(build, schedule.copy());
  isl_ast_build_free(build);
  if (state.error) {
    isl_ast_node_free(tree);
    std::rethrow_exception(state.error);
  }
  if (!tree) throw std::runtime_error("isl failed to build the AST");  // isl::manage(NULL) would throw too
  return isl::manage(tree);
}

isl::space build_schedule_space(const isl::ast_build& build) {
  return isl::manage(isl_ast_build_get_schedule_space(build.get()));
}

std::string for_annotation(const isl::ast_node& for_node) {
  isl_id* id = isl_ast_node_get_annotation(for_node.get());
  if (!id) return "";
  const std::string name = isl_id_get_name(id) ? isl_id_get_name(id) : "";
  isl_id_free(id);
  return name;
}

isl::ast_expr id_expr(isl::ctx ctx, const std::string& name) {
  return isl::manage(isl_ast_expr_from_id(isl_id_alloc(ctx.get(), name.c_str(), nullptr)));
}

isl::ast_expr int_expr(isl::ctx ctx, long value) {
  return isl::manage(isl_ast_expr_from_val(isl_val_int_from_si(ctx.get(), value)));
}

isl::ast_expr add(const isl::ast_expr& a, const isl::ast_expr& b) {
  return isl::manage(isl_ast_expr_add(a.copy(), b.copy()));
}

isl::ast_expr mul(const isl::ast_expr& a, const isl::ast_expr& b) {
  return isl::manage(isl_ast_expr_mul(a.copy(), b.copy()));
}

isl::ast_expr and_(const isl::ast_expr& a, const isl::ast_expr& b) {
  return isl::manage(isl_ast_expr_and(a.copy(), b.copy()));
}

isl::ast_expr call(const std::string& function, const std::vector<isl::ast_expr>& args) {
  isl_ctx* ctx = args.empty() ? nullptr : isl_ast_expr_get_ctx(args.front().get());
  isl_ast_expr_list* list = isl_ast_expr_list_alloc(ctx, static_cast<int>(args.size()));
  for (const auto& a : args) list = isl_ast_expr_list_add(list, a.copy());
  isl_ast_expr* fn = isl_ast_expr_from_id(isl_id_alloc(ctx, function.c_str(), nullptr));
  return isl::manage(isl_ast_expr_call(fn, list));
}

isl::ast_node user_node(const isl::ast_expr& expr) {
  return isl::manage(isl_ast_node_alloc_user(expr.copy()));
}

bool int_value(const isl::ast_expr& expr, long* value) {
  if (isl_ast_expr_get_type(expr.get()) != isl_ast_expr_int) return false;
  isl_val* v = isl_ast_expr_get_val(expr.get());
  const bool ok = isl_val_is_int(v) == isl_bool_true;
  if (ok) *value = isl_val_get_num_si(v);
  isl_val_free(v);
  return ok;
}

}  // namespace swgen::islc
