#version 330 core
// A square on y = 0 made from gl_VertexID alone (draw 4 vertices as a triangle strip).
uniform mat4 uViewProj;
uniform vec3 uCenter;     // m, centre of the square (y ignored)
uniform float uHalfSize;  // m

out vec3 vWorldPos;

void main() {
    vec2 corner = vec2((gl_VertexID & 1) == 0 ? -1.0 : 1.0, (gl_VertexID & 2) == 0 ? -1.0 : 1.0);
    vec3 p = vec3(uCenter.x + corner.x * uHalfSize, 0.0, uCenter.z + corner.y * uHalfSize);
    vWorldPos = p;
    gl_Position = uViewProj * vec4(p, 1.0);
}
