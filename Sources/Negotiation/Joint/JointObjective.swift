/// What a joint plan optimises, named in the plan (`JointPlan.objective`).
///
/// A camera's loss is how much worse its planned mode scores than its wish (`Negotiator`'s score of the mode the
/// camera alone would take): 0 when it keeps its wish.
public enum JointObjective: String, Sendable, Hashable, Codable {
    /// Even losses (the default): the worst-off camera as well off as possible, then the lowest total score; cameras
    /// alike (same modes, same wish, same bus) take the same mode. A stereo rig, a classroom or a print farm wants
    /// its cameras alike unless told otherwise.
    case fair
    /// `fair`, with the favoured cameras first: their worst loss as small as possible, then the others' worst loss,
    /// then the total (`JointPlan.priority` names them).
    case priorityThenFair
    /// The lowest total score, however uneven (one camera may keep its wish while another drops far).
    case totalScore
}
