#include "colorfight/room.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "sdk/colorfight/command_list.h"
#include "sdk/colorfight/map_gen.h"
#include "sdk/colorfight/py_json.h"
#include "sdk/colorfight/py_random.h"
#include "sdk/colorfight/rules.h"

namespace wl::tools {
namespace {

namespace json = boost::json;
namespace cf = wl::colorfight;

constexpr const char* kOk = "{\"success\": true}";
constexpr const char* kNotJson = "This is not a valid json";

// {"success": false, "err_msg": MSG} as json.dumps writes it.
std::string Err(std::string_view message) {
  std::string reply = "{\"success\": false, \"err_msg\": ";
  cf::AppendPyJsonString(message, &reply);
  return reply + "}";
}

std::string OkUid(int uid) {
  return "{\"success\": true, \"uid\": " + std::to_string(uid) + "}";
}

// §2.5 step 2, Python's `'action' in data`: 1 true, 0 false, -1 raises.
int HasAction(const json::value& data) {
  switch (data.kind()) {
    case json::kind::object:
      return data.get_object().contains("action") ? 1 : 0;
    case json::kind::array: {
      const json::array& a = data.get_array();
      return std::find(a.begin(), a.end(), json::value("action")) != a.end();
    }
    case json::kind::string:
      return data.get_string().find("action") != json::string::npos;
    default:
      return -1;
  }
}

// Collects an update's command failures as the frame's error texts: per
// user the first ones within ColorfightRoom::kMaxErrorsPerUser and
// kMaxErrorBytesPerUser, then a count of the rest. `texts` are the kept
// texts of each list (Pending::texts).
class ErrorTexts : public cf::FailureSink {
 public:
  using Lists = std::vector<const std::vector<std::string>*>;
  ErrorTexts(const Lists& texts, int users) : texts_(texts), users_(users) {}
  void Failed(int user, int command, cf::Failure failure) override {
    User& u = users_[user];
    const std::vector<std::string>& texts = *texts_[user];
    if (u.cut > 0 || static_cast<size_t>(command) >= texts.size() ||
        u.errors.size() >= ColorfightRoom::kMaxErrorsPerUser) {
      ++u.cut;
      return;
    }
    std::string text = failure == cf::Failure::kInvalid
                           ? texts[command]
                           : cf::FailureText(texts[command], failure);
    if (u.bytes + text.size() > ColorfightRoom::kMaxErrorBytesPerUser) {
      ++u.cut;
      return;
    }
    u.bytes += text.size();
    u.errors.push_back(std::move(text));
  }
  std::vector<std::string> TakeErrors(int user) {
    User& u = users_[user];
    if (u.cut > 0) {
      u.errors.push_back(std::to_string(u.cut) + " more errors not listed");
    }
    return std::move(u.errors);
  }

 private:
  struct User {
    std::vector<std::string> errors;
    size_t bytes = 0;
    int64_t cut = 0;
  };
  const Lists& texts_;
  std::vector<User> users_;
};

}  // namespace

ColorfightRoom::ColorfightRoom(std::string name, ColorfightRoomConfig config,
                               std::string admin_password, bool admin_room,
                               cf::PyRandom& random, double now)
    : name_(std::move(name)),
      config_(std::move(config)),
      admin_password_(std::move(admin_password)),
      admin_room_(admin_room),
      random_(&random) {
  Restart(now);
}

void ColorfightRoom::Reconfigure(const ColorfightRoomConfig& config,
                                 double now) {
  config_ = config;
  Restart(now);
}

// colorfight §1.2.
void ColorfightRoom::Restart(double now) {
  const cf::GeneratedMap map = cf::GenerateMap(*random_, config_.max_player);
  state_ = cf::NewGameState(map, config_.max_turn);
  start_cells_.assign(map.starts, map.starts + map.num_starts);
  accounts_.clear();
  pending_.clear();
  errors_.clear();
  game_id_ = std::to_string(static_cast<int64_t>(now * 1000));
  restart_time_ = now;
  last_update_ = now;
  start_count_down_ = config_.FirstRoundTimePyText();
  key_frame_ = 1;
  const cf::Frame frame = MakeFrame();
  frame_ = {key_frame_, game_id_,
            std::make_shared<const std::string>(cf::FrameText(frame))};
  replay_ = ColorfightReplayLog();
  if (config_.replay_enable != "never") replay_.Reset(frame);
  replay_gzip_.clear();
  replay_gzip_turn_ = -1;
}

std::vector<std::string> ColorfightRoom::Usernames() const {
  std::vector<std::string> names;
  for (int i = 0; i < state_.num_users; ++i) {
    const auto it = accounts_.find(state_.users[i].uid);
    names.push_back(it == accounts_.end() ? "" : it->second.username);
  }
  return names;
}

// The frame of now (§3): the state's, then info, the pending chat (taken)
// and the last update's errors.
cf::Frame ColorfightRoom::MakeFrame() {
  cf::Frame f = cf::FrameOf(state_, Usernames());
  f.info.max_turn = state_.max_turn;
  f.info.max_player = config_.max_player;
  f.info.round_time = config_.round_time.PyText();
  f.info.start_count_down = start_count_down_;
  f.info.allow_manual_mode = config_.allow_manual_mode;
  f.info.game_id = game_id_;
  f.chat = std::move(chat_);
  chat_.clear();
  chat_bytes_ = 0;
  f.error = errors_;
  return f;
}

ColorfightFrameRef ColorfightRoom::CurrentFrame() {
  if (frame_.key_frame != key_frame_ || frame_.game_id != game_id_) {
    frame_ = {key_frame_, game_id_,
              std::make_shared<const std::string>(cf::FrameText(MakeFrame()))};
  }
  return frame_;
}

bool ColorfightRoom::AddChat(const json::value& user, const json::value& msg) {
  cf::ChatLine line{cf::PyJson(user), cf::PyJson(msg)};
  const size_t bytes = line.user.size() + line.msg.size();
  if (bytes > kMaxPendingChatBytes) return false;
  size_t drop = 0;  // the oldest go first
  while (chat_.size() - drop >= kMaxPendingChatMessages ||
         chat_bytes_ + bytes > kMaxPendingChatBytes) {
    chat_bytes_ -= chat_[drop].user.size() + chat_[drop].msg.size();
    ++drop;
  }
  chat_.erase(chat_.begin(), chat_.begin() + static_cast<ptrdiff_t>(drop));
  chat_.push_back(std::move(line));
  chat_bytes_ += bytes;
  ++key_frame_;
  return true;
}

// §2.5: the checks in order, then register or command.
std::string ColorfightRoom::HandleAction(ConnectionId conn,
                                         std::string_view message) {
  json::error_code ec;
  const json::value data = json::parse(message, ec);
  if (ec) return Err(kNotJson);
  const int has_action = HasAction(data);
  if (has_action < 0) return Err(kNotJson);  // the engine dies here (S8)
  if (has_action == 0) return Err("You have to specify an action");
  if (!data.is_object()) return Err(kNotJson);  // data['action'] raises (S8)
  const json::object& object = data.get_object();
  const json::value& action = object.at("action");
  if (action.is_array() || action.is_object()) return Err(kNotJson);  // S8
  const bool is_register = action == "register";
  if (!is_register && action != "command") return Err("Not a valid action");
  if (!is_register && connections_.count(conn) == 0) {
    return Err("You need to join the game first");
  }
  const std::vector<const char*> needed =
      is_register ? std::vector<const char*>{"username", "password"}
                  : std::vector<const char*>{"cmd_list"};
  for (const char* key : needed) {
    if (!object.contains(key)) return Err(std::string(key) + " is missing");
  }
  return is_register ? HandleRegister(conn, object)
                     : HandleCommand(conn, object);
}

// colorfight §5.1.
std::string ColorfightRoom::HandleRegister(ConnectionId conn,
                                           const json::object& data) {
  const json::value& username = data.at("username");
  const json::value& password = data.at("password");
  if (!username.is_string() || !password.is_string()) {
    return Err("Username and Password needs to be strings");
  }
  const std::string name(username.get_string());
  if (PyLength(name) >= 15) return Err("Username can't exceed 15 characters.");
  if (name.empty()) return Err("Username has to be at least 1 characters");
  const json::value* key = data.if_contains("join_key");
  if (key ? !key->is_string() || key->get_string() != join_key_
          : !join_key_.empty()) {
    return Err("You need the correct join key for the room");
  }
  for (const auto& [uid, account] : accounts_) {
    if (account.username != name) continue;
    if (account.password != password.get_string()) {
      return Err("Username exists");
    }
    connections_[conn] = {game_id_, uid};
    return OkUid(uid);
  }
  if (state_.turn > 0 && !config_.allow_join_after_start) {
    return Err("You are not allowed to join after the game starts");
  }
  int uid = 1;
  while (accounts_.count(uid)) ++uid;
  const auto start =
      std::find_if(start_cells_.begin(), start_cells_.end(),
                   [this](int cell) { return state_.cells[cell].owner == 0; });
  // The State holds kMaxUsers: a 9th user (a start cell freed late in an
  // 8-player game) finds the map full, where the engine would place it.
  if (start == start_cells_.end() || uid > cf::kMaxUsers) {
    return Err("Map is full");
  }
  cf::PlaceUser(state_, uid, *start);
  accounts_[uid] = {name, std::string(password.get_string())};
  connections_[conn] = {game_id_, uid};
  ++key_frame_;
  return OkUid(uid);
}

// §2.5 step 7.
std::string ColorfightRoom::HandleCommand(ConnectionId conn,
                                          const json::object& data) {
  if (state_.turn == 0 || state_.turn >= state_.max_turn) {
    return Err("The game has not started or it ended already.");
  }
  const json::value& list = data.at("cmd_list");
  if (!list.is_array()) return Err("Wrong type");
  const int uid = BoundUid(conn);
  if (state_.FindUser(uid) == nullptr) return Err("Wrong uid");
  Pending& pending = pending_[uid];
  pending = Pending{};
  pending.commands.reserve(list.get_array().size());
  // Every invalid entry fails at the update, so none after the
  // kMaxErrorsPerUser-th invalid one can be listed (ErrorTexts): the
  // texts stop there.
  size_t invalid = 0;
  for (const json::value& entry : list.get_array()) {
    cf::ParsedCommand parsed = cf::ParseCommandEntry(entry);
    pending.commands.push_back(parsed.command);
    if (invalid >= kMaxErrorsPerUser) continue;
    if (parsed.command.kind == cf::CommandKind::kInvalid) {
      ++invalid;
      pending.texts.push_back(std::move(parsed.error));
    } else {
      pending.texts.emplace_back(entry.get_string());
    }
  }
  return kOk;
}

int ColorfightRoom::BoundUid(ConnectionId conn) const {
  const auto it = connections_.find(conn);
  if (it == connections_.end() || it->second.game_id != game_id_) return 0;
  return it->second.uid;
}

// §2.5 "When an action channel closes", §5.4.
void ColorfightRoom::Disconnect(ConnectionId conn) {
  const int uid = BoundUid(conn);
  connections_.erase(conn);
  if (state_.turn != 0 || state_.FindUser(uid) == nullptr) return;
  cf::RemoveUser(state_, uid);
  accounts_.erase(uid);
  ++key_frame_;
}

// One update (§6, §6.8): the pending lists in user order, the errors, the
// frame, the replay entry, last_update.
void ColorfightRoom::Update(double now) {
  if (state_.turn >= state_.max_turn) return;
  const int n = state_.num_users;
  std::vector<cf::CommandList> lists(n);
  ErrorTexts::Lists texts(n, nullptr);
  static const std::vector<std::string> kNoTexts;
  for (int i = 0; i < n; ++i) {
    const auto it = pending_.find(state_.users[i].uid);
    if (it == pending_.end()) {
      texts[i] = &kNoTexts;
      continue;
    }
    texts[i] = &it->second.texts;
    const std::vector<cf::Command>& commands = it->second.commands;
    lists[i] = {commands.data(), static_cast<int>(commands.size())};
  }
  ErrorTexts sink(texts, n);
  cf::Update(state_, lists.data(), &sink);
  errors_.clear();
  for (int i = 0; i < n; ++i) {
    errors_.emplace_back(state_.users[i].uid, sink.TakeErrors(i));
  }
  pending_.clear();
  start_count_down_ = "0";
  ++key_frame_;
  const cf::Frame frame = MakeFrame();
  frame_ = {key_frame_, game_id_,
            std::make_shared<const std::string>(cf::FrameText(frame))};
  if (config_.replay_enable != "never") replay_.Append(frame);
  last_update_ = now;
}

// §1.3, §3.2: the turn-0 countdown text and the start rules.
void ColorfightRoom::StartCountdown(double now) {
  using Rule = ColorfightRoomConfig::StartRule;
  const double elapsed = now - restart_time_;
  std::string value = "9999";
  bool start = false;
  if (config_.start_rule == Rule::kNumber) {
    const double left = config_.first_round_time.value - elapsed;
    value = std::to_string(static_cast<int64_t>(std::trunc(left)));
    start = left <= 0;
  } else if (config_.start_rule == Rule::kFull) {
    start = state_.num_users >= config_.max_player;
  }
  if (value != start_count_down_) {
    start_count_down_ = value;
    ++key_frame_;
  }
  if (start) Update(now);
}

void ColorfightRoom::Poll(double now) {
  if (state_.turn == 0) {
    StartCountdown(now);
  } else if (state_.turn < state_.max_turn) {
    if (now - last_update_ > config_.round_time.value) Update(now);
  } else if (config_.finish_time.value != 0 &&
             now - last_update_ > config_.finish_time.value) {
    Restart(now);
  }
}

void ColorfightRoom::Start(double now) {
  if (state_.turn == 0) Update(now);
}

void ColorfightRoom::ForceUpdate(double now) { Update(now); }

bool ColorfightRoom::AllLiveUsersSent() const {
  if (state_.turn == 0 || state_.turn >= state_.max_turn) return false;
  bool any = false;
  for (int i = 0; i < state_.num_users; ++i) {
    if (state_.users[i].dead) continue;
    if (pending_.count(state_.users[i].uid) == 0) return false;
    any = true;
  }
  return any;
}

bool ColorfightRoom::ReplayAllowed() const {
  return config_.replay_enable == "always" ||
         (config_.replay_enable == "end" && state_.turn >= state_.max_turn);
}

const std::string& ColorfightRoom::ReplayGzip(double now) {
  static const std::string kEmpty;
  if (state_.turn == 0) return kEmpty;
  if (replay_gzip_turn_ != state_.turn) {
    replay_gzip_ = ColorfightGzip(replay_.Json(), static_cast<uint32_t>(now));
    replay_gzip_turn_ = state_.turn;
  }
  return replay_gzip_;
}

std::vector<ColorfightRankedUser> ColorfightRoom::Ranking() const {
  return ColorfightRanking(cf::FrameOf(state_, Usernames()).users);
}

// ---- ColorfightRoomSet (§1.1, §2.6) ----

namespace {

// A body's member, or nullptr (bodies may be any JSON value).
const json::value* Member(const json::value& body, std::string_view key) {
  return body.is_object() ? body.get_object().if_contains(key) : nullptr;
}

// Whether the body's admin_password is `password`: an omitted one is ""
// (§2.6 "Authorisation quirk"), a non-string one matches nothing.
bool PasswordIs(const json::value& body, const std::string& password) {
  const json::value* p = Member(body, "admin_password");
  if (p == nullptr) return password.empty();
  return p->is_string() && p->get_string() == password;
}

// The gameroom ids /creategameroom allows: [0-9A-Za-z._-]*.
bool ValidRoomId(std::string_view id) {
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
           (c >= 'a' && c <= 'z') || c == '.' || c == '_' || c == '-';
  });
}

}  // namespace

ColorfightRoomSet::ColorfightRoomSet(cf::PyRandom& random,
                                     std::string master_password, double now)
    : random_(&random), master_password_(std::move(master_password)) {
  // An admin room (its password drawn, §4.4), then given "" (§2.6).
  AddRoom("public", ColorfightPreset("constant-run"), "", true, now)
      ->set_admin_password("");
}

ColorfightRoom* ColorfightRoomSet::Find(std::string_view name) {
  for (const auto& room : rooms_) {
    if (room->name() == name) return room.get();
  }
  return nullptr;
}

ColorfightRoom* ColorfightRoomSet::AddRoom(std::string name,
                                           ColorfightRoomConfig config,
                                           std::string admin_password,
                                           bool admin_room, double now) {
  if (!ValidRoomId(name) || Find(name) != nullptr) return nullptr;
  if (admin_room) admin_password = cf::AdminPassword(*random_);  // §4.4
  rooms_.push_back(std::make_unique<ColorfightRoom>(
      std::move(name), std::move(config), std::move(admin_password), admin_room,
      *random_, now));
  return rooms_.back().get();
}

std::string ColorfightRoomSet::RoomListJson() const {
  std::string out = "[";
  for (const auto& room : rooms_) {
    if (out.size() > 1) out += ", ";
    out += "{\"name\": ";
    cf::AppendPyJsonString(room->name(), &out);
    out += ", \"player_number\": " + std::to_string(room->player_number()) +
           ", \"max_player\": " + std::to_string(room->config().max_player) +
           ", \"turn\": " + std::to_string(room->turn()) +
           ", \"max_turn\": " + std::to_string(room->max_turn()) +
           ", \"rank\": false}";
  }
  return out + "]";
}

// POST /creategameroom: the checks in §2.6's order.
std::string ColorfightRoomSet::CreateRoom(const json::value& body, bool admin,
                                          double now) {
  if (!allow_create_) return Err("Creating room is disabled now");
  const json::value* id = Member(body, "gameroom_id");
  if (id == nullptr) return Err("'gameroom_id'");
  if (!id->is_string() || !ValidRoomId(id->get_string())) {
    return Err("You have illegal special characters in you gameroom id");
  }
  const std::string name(id->get_string());
  if (Find(name) != nullptr) return Err("Same id exists");
  if (rooms_.size() >= kMaxRooms) return Err("Max room number reached");
  const json::value* config = Member(body, "config");
  if (config != nullptr && *config == "official" &&
      Member(body, "admin_password") == nullptr) {
    return Err("You need to set a password for official game!");
  }
  const json::value* master = Member(body, "master_admin_password");
  if (admin && !(master != nullptr && master->is_string() &&
                 master->get_string() == master_password_)) {
    return Err("To create an admin room, you need admin");
  }
  if (config != nullptr && (config->is_object() || config->is_array())) {
    return Err(config->is_object() ? "unhashable type: 'dict'"
                                   : "unhashable type: 'list'");
  }
  const json::value* password = Member(body, "admin_password");
  ColorfightRoom* room = AddRoom(
      name,
      ColorfightPreset(config && config->is_string() ? config->get_string()
                                                     : "default"),
      password && password->is_string() ? std::string(password->get_string())
                                        : "",
      admin, now);
  const json::value* key = Member(body, "join_key");
  if (key != nullptr && key->is_string()) {
    room->set_join_key(std::string(key->get_string()));
  }
  return kOk;
}

// The room a body names, for /restart, /start, /send_chat; else the reply.
ColorfightRoom* ColorfightRoomSet::Named(const json::value& body,
                                         bool need_config, std::string* reply) {
  const json::value* id = Member(body, "gameroom_id");
  if (id == nullptr) {
    *reply = Err("You need to specify room id");
  } else if (need_config && Member(body, "config") == nullptr) {
    *reply = Err("You need to specify config");
  } else if (ColorfightRoom* room =
                 id->is_string() ? Find(id->get_string()) : nullptr) {
    return room;
  } else {
    *reply = Err("No such room");
  }
  return nullptr;
}

bool ColorfightRoomSet::Allowed(const ColorfightRoom& room,
                                const json::value& body) const {
  return PasswordIs(body, room.admin_password()) ||
         PasswordIs(body, master_password_);
}

std::string ColorfightRoomSet::Restart(const json::value& body, double now) {
  std::string reply;
  ColorfightRoom* room = Named(body, /*need_config=*/true, &reply);
  if (room == nullptr) return reply;
  if (!Allowed(*room, body)) return Err("You are not allowed to do this");
  const json::value* fields = Member(body, "config");
  if (!fields->is_object()) return Err("You need to specify config");
  ColorfightRoomConfig config = room->config();
  const std::string error = ApplyConfigFields(fields->get_object(), &config);
  if (!error.empty()) return Err(error);
  room->Reconfigure(config, now);
  return kOk;
}

std::string ColorfightRoomSet::Start(const json::value& body, double now) {
  std::string reply;
  ColorfightRoom* room = Named(body, /*need_config=*/false, &reply);
  if (room == nullptr) return reply;
  if (!Allowed(*room, body)) return Err("You are not allowed to do this");
  room->Start(now);
  return kOk;
}

std::string ColorfightRoomSet::SendChat(const json::value& body) {
  std::string reply;
  ColorfightRoom* room = Named(body, /*need_config=*/false, &reply);
  if (room == nullptr) return reply;
  const json::value* user = Member(body, "user");
  const json::value* msg = Member(body, "msg");
  if (user == nullptr || msg == nullptr) return Err("Need both user and msg");
  if (!room->AddChat(*user, *msg)) return Err("Chat message too long");
  return kOk;
}

std::string ColorfightRoomSet::DeleteRoom(const json::value& body) {
  const json::value* id = Member(body, "gameroom_id");
  const auto it = std::find_if(rooms_.begin(), rooms_.end(), [&](auto& r) {
    return id != nullptr && id->is_string() && r->name() == id->get_string();
  });
  if (it == rooms_.end()) return Err("No such room");
  if (!PasswordIs(body, master_password_) &&
      ((*it)->admin_room() || !PasswordIs(body, (*it)->admin_password()))) {
    return Err("Wrong password");
  }
  rooms_.erase(it);
  return kOk;
}

void ColorfightRoomSet::DeleteIdleRooms(double now, double idle_seconds) {
  rooms_.erase(std::remove_if(rooms_.begin(), rooms_.end(),
                              [now, idle_seconds](const auto& room) {
                                return !room->admin_room() &&
                                       now - room->last_update() > idle_seconds;
                              }),
               rooms_.end());
}

}  // namespace wl::tools
